// The HTML report's inline style sheet and script. No external assets: the report opens
// offline and its Content-Security-Policy forbids every fetch.
#include "render/html_parts.hpp"

namespace ascendify::render::html {

std::string_view css() {
  return R"CSS(
:root{--ink:#1f2933;--muted:#616e7c;--line:#e4e7eb;--bg:#f5f7fa;--card:#fff;--accent:#1f5fbf;
--ok:#1e8e3e;--warn:#b7791f;--hard:#c05621;--bad:#c53030}
*{box-sizing:border-box}
body{margin:0;font:14px/1.5 -apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans CJK SC",
"Helvetica Neue",Arial,sans-serif;color:var(--ink);background:var(--bg)}
header{background:#102a43;color:#fff;padding:24px 40px}
header h1{margin:0 0 4px;font-size:24px;font-weight:600}
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
th,td{border-bottom:1px solid var(--line);padding:6px 8px;text-align:left;vertical-align:top}
th{background:#f0f4f8;font-weight:600;white-space:nowrap}
th[data-num]{text-align:right}
table.sortable th{cursor:pointer;user-select:none}
table.sortable th:after{content:" \2195";color:#9aa5b1;font-size:11px}
th[aria-sort=ascending]:after{content:" \25B2";color:var(--accent)}
th[aria-sort=descending]:after{content:" \25BC";color:var(--accent)}
tbody tr:hover{background:#f7fafc}
td.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
code{font-family:"SFMono-Regular",Menlo,Consolas,"Liberation Mono",monospace;font-size:12px;
background:#f0f4f8;border-radius:3px;padding:1px 4px;overflow-wrap:anywhere}
td.snip{min-width:300px}td.snip code{white-space:pre-wrap}
td.loc{min-width:190px}td.rule{min-width:210px}
td.needed,td.optional,td.not-needed{white-space:nowrap}
.needed{color:var(--bad);font-weight:600}.optional{color:var(--warn)}.not-needed{color:#9aa5b1}
.conf-high{color:var(--ok)}.conf-medium{color:var(--warn)}.conf-low{color:var(--bad)}
.filters{display:flex;flex-wrap:wrap;gap:8px;align-items:center;margin-bottom:10px}
.filters input,.filters select{font:inherit;padding:5px 8px;border:1px solid #cbd2d9;
border-radius:4px}
.filters input{min-width:260px}
.muted{color:var(--muted)}
ul.ev{margin:4px 0 12px;padding-left:20px}
ol.road{padding-left:20px}ol.road li{margin-bottom:6px}
footer{color:var(--muted);font-size:12px;padding:0 40px 24px}
)CSS";
}

std::string_view script() {
  return R"JS(
(function () {
  'use strict';
  var text = document.getElementById('f-text');
  var dom = document.getElementById('f-domain');
  var conf = document.getElementById('f-conf');
  var count = document.getElementById('f-count');
  var tables = Array.prototype.slice.call(document.querySelectorAll('table.findings'));
  function apply() {
    var t = text ? text.value.toLowerCase() : '';
    var d = dom ? dom.value : '';
    var c = conf ? conf.value : '';
    var shown = 0, total = 0;
    tables.forEach(function (tb) {
      Array.prototype.forEach.call(tb.tBodies[0].rows, function (r) {
        total++;
        var ok = (!d || r.getAttribute('data-domain') === d) &&
                 (!c || r.getAttribute('data-conf') === c) &&
                 (!t || r.textContent.toLowerCase().indexOf(t) >= 0);
        r.hidden = !ok;
        if (ok) shown++;
      });
    });
    if (count) count.textContent = shown + ' of ' + total + ' findings shown';
  }
  function key(r, i) {
    var cell = r.cells[i];
    if (!cell) return '';
    var k = cell.getAttribute('data-k');
    return k === null ? cell.textContent : k;
  }
  function sortBy(tb, th) {
    var i = th.cellIndex, asc = th.getAttribute('aria-sort') !== 'ascending';
    var num = th.hasAttribute('data-num');
    Array.prototype.forEach.call(th.parentNode.cells, function (h) {
      h.removeAttribute('aria-sort');
    });
    th.setAttribute('aria-sort', asc ? 'ascending' : 'descending');
    var body = tb.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (a, b) {
      var x = key(a, i), y = key(b, i), r;
      if (num) r = (parseFloat(x) || 0) - (parseFloat(y) || 0);
      else r = x < y ? -1 : x > y ? 1 : 0;
      if (r === 0) r = +a.getAttribute('data-i') - +b.getAttribute('data-i');
      else if (!asc) r = -r;
      return r;
    });
    rows.forEach(function (r) { body.appendChild(r); });
  }
  Array.prototype.forEach.call(document.querySelectorAll('table.sortable'), function (tb) {
    Array.prototype.forEach.call(tb.tHead.rows[0].cells, function (th) {
      th.tabIndex = 0;
      th.addEventListener('click', function () { sortBy(tb, th); });
      th.addEventListener('keydown', function (e) {
        if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); sortBy(tb, th); }
      });
    });
  });
  // "#domain=device&conf=high&q=text" presets the filters (a shareable view).
  var h = location.hash.replace(/^#/, '').split('&');
  h.forEach(function (kv) {
    var p = kv.split('='), v = '';
    try { v = decodeURIComponent(p.slice(1).join('=')); } catch (e) { v = ''; }
    if (p[0] === 'domain' && dom) dom.value = v;
    if (p[0] === 'conf' && conf) conf.value = v;
    if (p[0] === 'q' && text) text.value = v;
  });
  [text, dom, conf].forEach(function (el) {
    if (el) el.addEventListener('input', apply);
  });
  apply();
  document.documentElement.setAttribute('data-ready', '1');
})();
)JS";
}

}  // namespace ascendify::render::html
