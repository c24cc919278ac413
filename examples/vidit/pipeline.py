"""Text-to-video sampling: T5 text encoder -> VideoDiT (flow matching, Euler) -> VAE decoder."""
import logging

import torch

logger = logging.getLogger(__name__)


class VideoPipeline:
    def __init__(self, dit, vae, tokenizer, text_encoder, device="cuda", max_text_len=226):
        self.dit = dit
        self.vae = vae
        self.tokenizer = tokenizer
        self.text_encoder = text_encoder
        self.device = device
        self.max_text_len = max_text_len
        if not torch.cuda.is_available():
            raise RuntimeError("VideoPipeline samples on a CUDA GPU")

    @torch.no_grad()
    def encode_text(self, prompts):
        tok = self.tokenizer(prompts, padding="max_length", max_length=self.max_text_len,
                             truncation=True, return_tensors="pt")
        ids = tok.input_ids.to(self.device)
        mask = tok.attention_mask.to(self.device)
        context = self.text_encoder(ids, attention_mask=mask).last_hidden_state
        return context, mask.sum(dim=1).to(torch.int32)

    @staticmethod
    def sigmas(steps, shift):
        """Shifted flow-matching noise levels from 1 to 0 (steps + 1 values)."""
        s = [1.0 - i / steps for i in range(steps + 1)]
        return [shift * x / (1.0 + (shift - 1.0) * x) for x in s]

    @torch.no_grad()
    def __call__(self, prompt, negative_prompt="", num_frames=49, height=480, width=832,
                 steps=40, guidance=5.0, shift=5.0, seed=42):
        context, context_lens = self.encode_text([prompt, negative_prompt])
        shape = (1, 16, (num_frames - 1) // 4 + 1, height // 8, width // 8)
        generator = torch.Generator(device="cuda").manual_seed(seed)
        latents = torch.randn(shape, generator=generator, device=self.device)
        sig = self.sigmas(steps, shift)
        for i in range(steps):
            t = torch.full((2,), sig[i] * 1000.0, device=self.device)
            # Conditional and unconditional branches share one batch of two on cuda.
            with torch.autocast("cuda", dtype=torch.bfloat16):
                v = self.dit(torch.cat([latents, latents]), t, context, context_lens)
            v_cond, v_uncond = v.to(latents.dtype).chunk(2)
            v = v_uncond + guidance * (v_cond - v_uncond)
            latents = latents + (sig[i + 1] - sig[i]) * v
            if i % 10 == 0:
                logger.info("step %d/%d sigma %.3f", i + 1, steps, sig[i])
        return self.decode(latents)

    @torch.no_grad()
    def decode(self, latents):
        latents = latents.to(self.vae.dtype) / self.vae.config.scaling_factor
        return self.vae.decode(latents).sample[0]
