// The HTML report's inline style sheet and script. No external assets: the report opens
// offline and its Content-Security-Policy forbids every fetch.
#include "render/html_parts.hpp"

namespace ascendify::render::html {

// Tables fit the page: no column has a minimum width, long code wraps anywhere, and the
// findings tables (table.fx) use a fixed layout with a column plan (line, work, rules, code,
// replacement, confidence, fix, phases). Groups of findings past the viewport are skipped by
// layout (content-visibility) and closed ones never lay out their rows.
std::string_view css() {
  return R"CSS(
:root{--ink:#1f2933;--muted:#616e7c;--line:#e4e7eb;--bg:#f5f7fa;--card:#fff;--accent:#1f5fbf;
--ok:#1e8e3e;--warn:#b7791f;--hard:#c05621;--bad:#c53030}
*{box-sizing:border-box}
body{margin:0;font:14px/1.5 -apple-system,"Segoe UI",Roboto,"Noto Sans","Helvetica Neue",Arial,
"PingFang SC","Hiragino Sans GB","Microsoft YaHei","Noto Sans CJK SC","Source Han Sans SC",
"WenQuanYi Micro Hei",sans-serif;color:var(--ink);background:var(--bg)}
:lang(zh) body{font-family:"PingFang SC","Hiragino Sans GB","Microsoft YaHei","Noto Sans CJK SC",
"Source Han Sans SC","WenQuanYi Micro Hei",-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
header{background:#102a43;color:#fff;padding:24px 40px}
header h1{margin:0 0 4px;font-size:24px;font-weight:600;overflow-wrap:anywhere}
header p{margin:0;color:#bcccdc;font-size:13px}
header code{background:rgba(255,255,255,.12);color:#fff}
nav{background:#fff;border-bottom:1px solid var(--line);padding:8px 40px;position:sticky;top:0;
z-index:2;font-size:13px}
nav a{color:var(--accent);text-decoration:none;margin-right:16px}
main{padding:24px 40px;max-width:1400px}
section{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:20px 24px;
margin-bottom:20px}
h2{margin:0 0 12px;font-size:18px;font-weight:600}
h3{margin:18px 0 8px;font-size:15px;font-weight:600}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(180px,1fr));gap:12px;
margin-bottom:16px}
.card{border:1px solid var(--line);border-radius:8px;padding:12px 16px;background:#fbfcfd}
.card .k{color:var(--muted);font-size:12px;text-transform:uppercase;letter-spacing:.04em}
.card .v{font-size:22px;font-weight:600;margin-top:2px}
.card .s{color:var(--muted);font-size:12px}
.badge{display:inline-block;padding:3px 12px;border-radius:14px;color:#fff;font-weight:600;
font-size:16px;white-space:nowrap}
.feasible{background:var(--ok)}.needs-adaptation{background:var(--warn)}
.difficult{background:var(--hard)}.infeasible{background:var(--bad)}.unknown{background:#9aa5b1}
.charts{display:grid;grid-template-columns:repeat(auto-fit,minmax(420px,1fr));gap:16px}
.chart{border:1px solid var(--line);border-radius:8px;padding:12px;overflow-x:auto}
.chart h3{margin-top:0}
.chart.wide{grid-column:1/-1}
svg text{font-family:inherit;font-size:12px;fill:var(--ink)}
.tw{overflow-x:auto}
table{border-collapse:collapse;width:100%;font-size:13px}
th,td{border-bottom:1px solid var(--line);padding:6px 8px;text-align:left;vertical-align:top;
overflow-wrap:anywhere}
th{background:#f0f4f8;font-weight:600}
th[data-num]{text-align:right}
table.sortable th{cursor:pointer;user-select:none}
table.sortable th:after{content:" \2195";color:#9aa5b1;font-size:11px}
th[aria-sort=ascending]:after{content:" \25B2";color:var(--accent)}
th[aria-sort=descending]:after{content:" \25BC";color:var(--accent)}
tbody tr:hover{background:#f7fafc}
td.n{text-align:right;font-variant-numeric:tabular-nums}
code{font-family:"SFMono-Regular",Menlo,Consolas,"Liberation Mono",monospace;font-size:12px;
background:#f0f4f8;border-radius:3px;padding:1px 4px;overflow-wrap:anywhere}
table.matrix th,td.needed,td.optional,td.not-needed{overflow-wrap:break-word;word-break:keep-all}
.needed{color:var(--bad);font-weight:600}.optional{color:var(--warn)}.not-needed{color:#9aa5b1}
.conf-high{color:var(--ok)}.conf-medium{color:var(--warn)}.conf-low{color:var(--bad)}
.filters{display:flex;flex-wrap:wrap;gap:8px;align-items:center;margin-bottom:10px}
.filters input,.filters select{font:inherit;padding:5px 8px;border:1px solid #cbd2d9;
border-radius:4px}
.filters input{min-width:240px}
.muted{color:var(--muted)}
ul.ev,ol.ev{margin:4px 0 12px;padding-left:20px}
/* Sections below the first screen are laid out when scrolled to: a 10,000-finding page opens
   about 0.5 s sooner in headless Chromium (corpus c1). */
section:not(#glance):not(#summary){content-visibility:auto;contain-intrinsic-size:auto 1500px}
#glance{border-top:4px solid var(--accent)}
#glance .cards{grid-template-columns:repeat(auto-fit,minmax(160px,1fr))}
table.work th[data-num],table.work td.n{white-space:nowrap;width:5em}
table.work td:last-child{min-width:12em;overflow-wrap:anywhere}
table.work{margin-bottom:6px}
details.part>summary{cursor:pointer}details.part>summary h3{display:inline}
details.fg{border:1px solid var(--line);border-radius:6px;margin:6px 0;
content-visibility:auto;contain-intrinsic-size:auto 36px}
details.fg[open]{contain-intrinsic-size:auto 900px}
details.fg>summary{padding:6px 10px;cursor:pointer;background:#f8fafc;overflow-wrap:anywhere}
details.fg[open]>summary{border-bottom:1px solid var(--line)}
summary .s0{color:var(--bad);font-weight:600}summary .s1{color:var(--hard)}
table.fx{table-layout:fixed;font-size:12.5px}
table.fx th,table.fx td{padding:4px 6px}
table.fx th:nth-child(1){width:5%}table.fx th:nth-child(2){width:8%}
table.fx th:nth-child(3){width:15%}table.fx th:nth-child(4){width:26%}
table.fx th:nth-child(5){width:19%}table.fx th:nth-child(6){width:8%}
table.fx th:nth-child(7){width:11%}table.fx th:nth-child(8){width:8%}
table.fx td:nth-child(1){text-align:right;font-variant-numeric:tabular-nums}
table.fx td:nth-child(4) code{white-space:pre-wrap}
table.fx td:nth-child(3){font-family:"SFMono-Regular",Menlo,Consolas,"Liberation Mono",monospace;
font-size:12px}
tr.s4>td:nth-child(2),tr.s3>td:nth-child(2){color:var(--muted)}
tr.s1>td:nth-child(2){color:var(--hard)}tr.s0>td:nth-child(2){color:var(--bad);font-weight:600}
tr.c0>td:nth-child(6){color:var(--ok)}tr.c1>td:nth-child(6){color:var(--warn)}
tr.c2>td:nth-child(6){color:var(--bad)}
button.more{font:inherit;margin:6px 10px;padding:3px 10px;border:1px solid #cbd2d9;
border-radius:4px;background:#fff;color:var(--accent);cursor:pointer}
footer{color:var(--muted);font-size:12px;padding:0 40px 24px}
)CSS";
}

// Filters (text, domain, kind of work, confidence) hide rows and the groups left empty, and
// open the groups of a small result; "#domain=device&conf=high&class=stops-run&q=text&
// order=count" presets them (a shareable view). Headers sort their table's rows; a group shows
// its first data-page rows until its button asks for all. Nothing runs over the rows when the
// page opens without a preset: the counter is rendered.
std::string_view script() {
  return R"JS(
(function () {
  'use strict';
  var doc = document;
  function $(id) { return doc.getElementById(id); }
  function each(list, fn) { Array.prototype.forEach.call(list, fn); }
  var text = $('f-text'), dom = $('f-domain'), cls = $('f-class'), conf = $('f-conf');
  var order = $('f-order'), count = $('f-count'), sec = $('findings');
  var page = sec ? +sec.getAttribute('data-page') || 200 : 200;
  var groups = Array.prototype.slice.call(doc.querySelectorAll('details.fg'));
  var opened = [];
  function pick(el) { return el && el.selectedIndex > 0 ? String(el.selectedIndex - 1) : ''; }
  function state() {
    var s = {t: text ? text.value.toLowerCase() : '', d: pick(dom), s: pick(cls), c: pick(conf)};
    s.active = !!(s.t || s.d || s.s || s.c);
    return s;
  }
  function pathOf(g) {
    if (g._p === undefined) {
      var c = g.querySelector('summary code');
      g._p = c ? c.textContent.toLowerCase() : '';
    }
    return g._p;
  }
  function fits(r, st, inPath) {
    var k = ' ' + r.className + ' ';
    return (!st.d || k.indexOf(' d' + st.d + ' ') >= 0) &&
           (!st.s || k.indexOf(' s' + st.s + ' ') >= 0) &&
           (!st.c || k.indexOf(' c' + st.c + ' ') >= 0) &&
           (!st.t || inPath || r.textContent.toLowerCase().indexOf(st.t) >= 0);
  }
  // Shows the rows of group g that pass the filters, up to the page unless all were asked
  // for; returns [rows shown, findings shown, findings].
  function update(g, st) {
    var body = g.querySelector('tbody');
    var rows = body ? body.rows : [], all = g.hasAttribute('data-all');
    var inPath = !!st.t && pathOf(g).indexOf(st.t) >= 0;
    var n = 0, shown = 0, total = 0;
    for (var i = 0; i < rows.length; i++) {
      var r = rows[i], w = +(r.getAttribute('data-n') || 1);
      var ok = !st.active || fits(r, st, inPath);
      total += w;
      if (ok) { n++; shown += w; }
      var hide = !ok || (!all && n > page);
      if (r.hidden !== hide) r.hidden = hide;
    }
    g.hidden = st.active && n === 0;
    var more = g.querySelector('button.more');
    if (more) more.hidden = all || n <= page;
    return [n, shown, total];
  }
  function open(el) {
    for (; el; el = el.parentElement) {
      if (el.tagName === 'DETAILS' && !el.open) { el.open = true; opened.push(el); }
    }
  }
  function apply() {
    var st = state(), shown = 0, total = 0, rows = 0, hits = [];
    opened.forEach(function (el) { el.open = false; });
    opened = [];
    groups.forEach(function (g) {
      var r = update(g, st);
      shown += r[1];
      total += r[2];
      if (st.active && r[0] > 0) { hits.push(g); rows += Math.min(r[0], page); }
    });
    // A small result is opened where it is; a large one stays in its closed groups.
    if (st.active && rows <= 2 * page) hits.forEach(open);
    if (count) {
      count.textContent = count.getAttribute('data-fmt')
          .replace('{shown}', shown).replace('{total}', total);
    }
  }
  function key(r, i, th) {
    var p = th.getAttribute('data-cls');
    if (p) {
      var m = (' ' + r.className).match(new RegExp(' ' + p + '(\\d)'));
      return m ? m[1] : '9';
    }
    var cell = r.cells[i];
    if (!cell) return '';
    var k = cell.getAttribute('data-k');
    return k === null ? cell.textContent : k;
  }
  function sortBy(tb, th) {
    var i = th.cellIndex, asc = th.getAttribute('aria-sort') !== 'ascending';
    var num = th.hasAttribute('data-num');
    each(th.parentNode.cells, function (h) { h.removeAttribute('aria-sort'); });
    th.setAttribute('aria-sort', asc ? 'ascending' : 'descending');
    var body = tb.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    if (!tb._sorted) {
      rows.forEach(function (r, j) { r._i = j; });
      tb._sorted = true;
    }
    rows.sort(function (a, b) {
      var x = key(a, i, th), y = key(b, i, th), r;
      if (num) r = (parseFloat(x) || 0) - (parseFloat(y) || 0);
      else r = x < y ? -1 : x > y ? 1 : 0;
      if (r === 0) r = a._i - b._i;
      else if (!asc) r = -r;
      return r;
    });
    rows.forEach(function (r) { body.appendChild(r); });
    var g = tb.closest('details.fg');
    if (g) update(g, state());
  }
  function reorder() {
    var most = order && order.value === 'count';
    each(doc.querySelectorAll('div.groups'), function (box) {
      var gs = Array.prototype.slice.call(box.children);
      gs.forEach(function (g, j) { if (g._i === undefined) g._i = j; });
      gs.sort(function (a, b) {
        return (most ? +b.getAttribute('data-n') - +a.getAttribute('data-n') : 0) || a._i - b._i;
      });
      gs.forEach(function (g) { box.appendChild(g); });
    });
  }
  doc.addEventListener('click', function (e) {
    var t = e.target;
    if (!t || !t.closest) return;
    var th = t.closest('table.sortable th');
    if (th) { sortBy(th.closest('table'), th); return; }
    var more = t.closest('button.more');
    if (more) {
      var g = more.closest('details.fg');
      g.setAttribute('data-all', '');
      update(g, state());
    }
  });
  doc.addEventListener('keydown', function (e) {
    var t = e.target;
    if ((e.key === 'Enter' || e.key === ' ') && t && t.matches && t.matches('table.sortable th')) {
      e.preventDefault();
      sortBy(t.closest('table'), t);
    }
  });
  each(doc.querySelectorAll('table.sortable th'), function (th) { th.tabIndex = 0; });
  var preset = false, fields = {domain: dom, conf: conf, 'class': cls, q: text, order: order};
  location.hash.replace(/^#/, '').split('&').forEach(function (kv) {
    var p = kv.split('='), v = '';
    try { v = decodeURIComponent(p.slice(1).join('=')); } catch (e) { v = ''; }
    if (!Object.prototype.hasOwnProperty.call(fields, p[0]) || !fields[p[0]]) return;
    var el = fields[p[0]];
    el.value = v;
    if (el.tagName === 'SELECT' && el.selectedIndex < 0) el.selectedIndex = 0;
    preset = true;
  });
  [text, dom, cls, conf].forEach(function (el) {
    if (el) el.addEventListener('input', apply);
  });
  if (order) order.addEventListener('input', reorder);
  if (order && order.value !== 'path') reorder();
  if (preset) apply();
  doc.documentElement.setAttribute('data-ready', '1');
})();
)JS";
}

}  // namespace ascendify::render::html
