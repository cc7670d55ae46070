// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Attention compute, sliding-window KV cache and expert-parallel traffic per token, from the
// model's attention layout (ModelSpec::shape): the parts of a decode step and a prefill that grow
// with the context or with the group, for the roofline (roofline.h).
//
// Simplifications:
// - GQA and MHA: scores Q.K and the weighted sum of V each take one multiply-add per query head
//   and head dimension per cached token: 2 x 2 x heads x head_dim FLOPs per (query, cached token)
//   pair per layer. K/V heads shared between query heads (GQA) save memory, not compute.
// - MLA decode runs with the up-projections absorbed (FlashMLA and the serving engines that carry
//   DeepSeek do): every head scores its query against the cached latent plus the RoPE key
//   (kv_lora_rank + rope_dim), then sums the latents (kv_lora_rank): 2 x heads x (2 x kv_lora_rank
//   + rope_dim) FLOPs per pair per layer: 278,528 for DeepSeek-R1 (128 heads, 512 + 64), where
//   the old rule (one multiply-add per cached element: 2 x 576 = 1,152 per layer) was 242x low.
//   MLA prefill decompresses K and V once per token and attends per head as MHA does, with keys of
//   qk_nope + rope and values of v_head_dim (= qk_nope for DeepSeek-V3): 2 x heads x
//   (2 x head_dim + rope_dim) per pair per layer.
// - Without head counts (a model the catalog describes only by its KV bytes) the old rule holds:
//   one multiply-add per cached K/V element, exact for MHA, an undercount otherwise.
// - Sliding-window layers attend to at most `window` tokens and keep only those in cache; their
//   KV is not in kvBytesPerToken16 (which counts the full-attention layers). A decode step at mean
//   context c sees min(c, window) of them; a causal prefill of n tokens sums min(i, window) over
//   its positions.
// - Expert-parallel all-to-all: when an MoE model runs on a group of G > 1 GPUs its routed experts
//   are spread over the group, so every token's hidden vector is dispatched to its k experts and
//   their outputs combined back: 2 x k x hidden x 2 bytes (16-bit activations) per token and MoE
//   layer, of which (G - 1) / G leaves the token's GPU; each GPU originates 1 / G of the tokens.
//   It replaces the MLP's all-reduce (the attention's all-reduce stays): two collectives (dispatch,
//   combine) per layer. Every layer counts as MoE (DeepSeek-R1: 58 of 61; the others: all).

#include "catalog/catalog.h"

namespace planner {

struct AttentionCost {
    double decodePerContext = 0;  // FLOPs per generated token per cached token, full-attention layers
    double prefillPerContext = 0; // the same for a prompt token
    double slidingPerContext = 0; // sliding-window layers, per attended token (decode and prefill)
    double slidingKvBytes16 = 0;  // KV bytes per cached token of the sliding layers, at 16-bit
    int window = 0;               // 0: no sliding layers
};

AttentionCost attentionCost(const ModelSpec& m);

// Tokens a sliding layer attends to at context c: min(c, window).
double windowed(double context, int window);
// Causal (query, key) pairs of a prompt of n tokens: n^2 / 2, or with a window the sum of
// min(i, window) over i < n, n x window - window^2 / 2 once n exceeds the window.
double causalPairs(double n, int window = 0);

// Bytes one GPU sends per MoE layer for `tokens` tokens of the whole group in an expert-parallel
// dispatch and combine (see the header comment).
double allToAllBytesPerGpu(double tokens, int expertsPerToken, double hidden, int groupSize);

} // namespace planner
