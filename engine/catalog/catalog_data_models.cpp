// SPDX-License-Identifier: GPL-3.0-or-later
// LLMs. Architecture numbers come from the models' published configs (read through the copies
// named in each source); KV-cache bytes per token and the routed-expert share are computed from
// them here, with the formula in the source text, so a reader can redo the arithmetic.
#include "catalog/catalog_data_detail.h"

namespace planner::catalog_data {

namespace {

using enum Grade;
using units::bytes;

// GQA and MHA: every layer keeps one K and one V vector per KV head, 2 bytes per element.
double gqaKvBytes(int layers, int kvHeads, int headDim) { return layers * kvHeads * headDim * 2.0 * 2.0; }

// MLA caches one compressed latent plus the decoupled RoPE key per layer, shared by all heads.
double mlaKvBytes(int layers, int kvLoraRank, int ropeDim) { return layers * (kvLoraRank + ropeDim) * 2.0; }

// Parameters in routed experts: SwiGLU experts hold three hidden x intermediate matrices each.
double routedExpertParams(int moeLayers, int experts, int hidden, int intermediate)
{
    return moeLayers * static_cast<double>(experts) * 3.0 * hidden * intermediate;
}

// GQA or MHA layout, every layer full attention.
AttentionShape gqa(int hidden, int heads, int kvHeads, int headDim)
{
    AttentionShape a;
    a.hidden = hidden;
    a.heads = heads;
    a.kvHeads = kvHeads;
    a.headDim = headDim;
    return a;
}

ModelSpec model(std::string id, std::string name, int layers, Attention attention, int experts, int topK,
                std::vector<std::string> aliases)
{
    ModelSpec m;
    m.id = std::move(id);
    m.name = std::move(name);
    m.layers = layers;
    m.attention = attention;
    m.experts = experts;
    m.expertsPerToken = topK;
    m.aliases = std::move(aliases);
    return m;
}

ModelSpec deepseekR1()
{
    // R1-0528 is a later checkpoint of the same architecture; benchmarks name either.
    ModelSpec m = model("deepseek-r1", "DeepSeek-R1 (671B MoE, MLA)", 61, Attention::MLA, 256, 8,
                        {"DeepSeek-R1", "deepseek-ai/DeepSeek-R1", "deepseek-r1-0528", "deepseek-ai/DeepSeek-R1-0528",
                         "Deepseek R1 0528", "DeepSeek R1", "deepseek-r1-interactive"});
    const std::string config = "DeepSeek-V3/R1 config.json, huggingface.co/deepseek-ai/DeepSeek-R1 (hidden 7,168; 61 layers, the first 3 dense; 128 attention heads; kv_lora_rank 512; qk_rope_head_dim 64; qk_nope_head_dim 128; v_head_dim 128; moe_intermediate_size 2,048; 256 routed + 1 shared expert, top-8)";
    const std::string sizes = "DeepSeek-V3 README (copy in tenstorrent/tt-metal models/demos/deepseek_v3/reference/README_WEIGHTS.md); MLCommons blog 'deepseek-inference-5-1'";
    m.totalParams = fig(671e9, sizes + "; excludes the 11.5B multi-token-prediction module", "2025-09", Vendor);
    m.activeParams = fig(37e9, sizes, "2025-09", Vendor);
    m.kvBytesPerToken16 = fig(bytes(mlaKvBytes(61, 512, 64)), "derived: 61 layers x (512 latent + 64 RoPE) x 2 bytes = 70,272 (68.6 KiB, as in the DeepSeek-V3 report); " + config, "", Vendor);
    m.shape.hidden = 7168;
    m.shape.heads = 128;
    m.shape.headDim = 128;
    m.shape.kvLoraRank = 512;
    m.shape.ropeDim = 64;
    m.expertParamsShare = fig(routedExpertParams(58, 256, 7168, 2048) / 671e9, "derived: 58 MoE layers x 256 experts x 3 x 7,168 x 2,048 = 653.9B of 671B = 0.975; the shared expert, the 3 dense layers and attention are not routed; " + config, "", Vendor);
    return m;
}

ModelSpec llama2_70b()
{
    // MLPerf's -99 and -99.9 variants are one model at two accuracy targets.
    ModelSpec m = model("llama2-70b", "Llama 2 70B Chat", 80, Attention::GQA, 0, 0,
                        {"llama2-70b-99", "llama2-70b-99.9", "llama2-70b-interactive", "llama2-70b-interactive-99",
                         "llama2-70b-interactive-99.9", "meta-llama/Llama-2-70b-chat-hf", "Llama-2-70b-chat-hf", "Llama 2 70B"});
    const std::string arch = "Llama-2-70b-chat-hf module printout (80 layers; hidden 8,192; q_proj 8,192 -> 8,192 = 64 heads x 128; k_proj 8,192 -> 1,024 = 8 KV heads x 128), in the h2oGPT model card derived from huggingface.co/meta-llama/Llama-2-70b-chat-hf";
    m.totalParams = fig(70e9, "MLCommons inference rules, llama2-70b benchmark (meta-llama/Llama-2-70b-chat-hf), nominal size", "", Vendor);
    m.activeParams = m.totalParams;
    m.kvBytesPerToken16 = fig(bytes(gqaKvBytes(80, 8, 128)), "derived: 80 layers x 8 KV heads x 128 x K,V x 2 bytes; " + arch, "", Vendor);
    m.shape = gqa(8192, 64, 8, 128);
    return m;
}

ModelSpec llama31_8b()
{
    ModelSpec m = model("llama3.1-8b", "Llama 3.1 8B Instruct", 32, Attention::GQA, 0, 0,
                        {"llama3_1-8b", "llama3.1-8b-interactive", "llama3_1-8b-interactive", "meta-llama/Llama-3.1-8B-Instruct",
                         "Llama-3.1-8B-Instruct", "Llama 3.1 8B"});
    m.totalParams = fig(8e9, "MLCommons inference rules, llama3.1-8b benchmark (meta-llama/Llama-3.1-8B-Instruct), nominal size", "", Vendor);
    m.activeParams = m.totalParams;
    m.kvBytesPerToken16 = fig(bytes(gqaKvBytes(32, 8, 128)), "derived: 32 layers x 8 KV heads x 128 (4,096 hidden / 32 heads) x K,V x 2 bytes; Meta config via oumi configs/recipes/llama3_1/README.md", "", Vendor);
    m.shape = gqa(4096, 32, 8, 128);
    return m;
}

ModelSpec llama31_70b()
{
    ModelSpec m = model("llama3.1-70b", "Llama 3.1 70B Instruct", 80, Attention::GQA, 0, 0,
                        {"meta-llama/Llama-3.1-70B-Instruct", "Llama-3.1-70B-Instruct", "Llama 3.1 70B"});
    const std::string config = "Meta config (80 layers; hidden 8,192; 64 heads; 8 KV heads; head dim 128) via oumi configs/recipes/llama3_1/README.md and thamada/modelQuery";
    m.totalParams = fig(70.6e9, config, "", Vendor);
    m.activeParams = m.totalParams;
    m.kvBytesPerToken16 = fig(bytes(gqaKvBytes(80, 8, 128)), "derived: 80 layers x 8 KV heads x 128 x K,V x 2 bytes = 320 KiB; " + config, "", Vendor);
    m.shape = gqa(8192, 64, 8, 128);
    return m;
}

ModelSpec llama33_70b()
{
    // InferenceX benchmarks this one; its architecture is the 3.1 70B one, only the weights differ.
    ModelSpec m = model("llama3.3-70b", "Llama 3.3 70B Instruct", 80, Attention::GQA, 0, 0,
                        {"Llama-3.3-70B", "Llama-3.3-70B-Instruct", "meta-llama/Llama-3.3-70B-Instruct", "Llama 3.3 70B",
                         "LLaMA v3.3 70B"});
    const std::string config = "Meta config, same as Llama 3.1 70B (80 layers; hidden 8,192; 64 heads; 8 KV heads; head dim 128), via oumi configs/recipes/llama3_3/README.md";
    m.totalParams = fig(70.6e9, config, "", Vendor);
    m.activeParams = m.totalParams;
    m.kvBytesPerToken16 = fig(bytes(gqaKvBytes(80, 8, 128)), "derived: 80 layers x 8 KV heads x 128 x K,V x 2 bytes; " + config, "", Vendor);
    m.shape = gqa(8192, 64, 8, 128);
    return m;
}

ModelSpec llama31_405b()
{
    ModelSpec m = model("llama3.1-405b", "Llama 3.1 405B Instruct", 126, Attention::GQA, 0, 0,
                        {"llama3_1-405b", "llama3.1-405b-interactive", "llama3_1-405b-interactive", "meta-llama/Llama-3.1-405B-Instruct",
                         "Llama-3.1-405B-Instruct", "Llama 3.1 405B"});
    const std::string config = "Meta config (126 layers; hidden 16,384; 128 heads; 8 KV heads; head dim 16,384 / 128 = 128) via thamada/modelQuery README";
    // The nominal size is chosen: it is what Meta and MLCommons state; the count with embeddings
    // stays for memory checks.
    m.totalParams = choose(0, {
        claim(405e9, "Meta model name; MLCommons inference rules, llama3.1-405b benchmark", "", Vendor),
        claim(410.1e9, "parameters counted from the config incl. embeddings, thamada/modelQuery README", "", Vendor),
    });
    m.activeParams = m.totalParams;
    m.kvBytesPerToken16 = fig(bytes(gqaKvBytes(126, 8, 128)), "derived: 126 layers x 8 KV heads x 128 x K,V x 2 bytes = 504 KiB, as in the Llama 3 paper, Table 3; " + config, "", Vendor);
    m.shape = gqa(16384, 128, 8, 128);
    return m;
}

ModelSpec mixtral8x7b()
{
    ModelSpec m = model("mixtral-8x7b", "Mixtral 8x7B Instruct v0.1", 32, Attention::GQA, 8, 2,
                        {"mistralai/Mixtral-8x7B-Instruct-v0.1", "Mixtral-8x7B-Instruct-v0.1", "Mixtral 8x7B"});
    const std::string config = "Mixtral HF config (32 layers; hidden 4,096; 32 attention heads; 8 KV heads x 128; FFN 14,336; 8 experts, top-2); MLCommons mixtral-8x7b benchmark notes; Mixtral paper arXiv 2401.04088";
    m.totalParams = fig(46.7e9, "computed by MLCommons from the HF config (the paper rounds to 47B); " + config, "", Vendor);
    m.activeParams = fig(12.9e9, "computed by MLCommons from the HF config (the paper rounds to 13B); " + config, "", Vendor);
    m.kvBytesPerToken16 = fig(bytes(gqaKvBytes(32, 8, 128)), "derived: 32 layers x 8 KV heads x 128 x K,V x 2 bytes; " + config, "", Vendor);
    m.shape = gqa(4096, 32, 8, 128);
    m.expertParamsShare = fig(routedExpertParams(32, 8, 4096, 14336) / 46.7e9, "derived: 32 layers x 8 experts x 3 x 4,096 x 14,336 = 45.1B of 46.7B = 0.966; " + config, "", Vendor);
    return m;
}

ModelSpec qwen3vl235b()
{
    // The vision tower is ignored: it is a small fraction of the weights and runs once per image,
    // not per generated token. The text-only Qwen3-235B-A22B shares the language model, so its
    // names map here too.
    ModelSpec m = model("qwen3-vl-235b-a22b", "Qwen3-VL 235B-A22B Instruct (language model only)", 94, Attention::GQA, 128, 8,
                        {"Qwen/Qwen3-VL-235B-A22B-Instruct", "Qwen3-VL-235B-A22B-Instruct", "Qwen3-VL-235B-A22B",
                         "Qwen3-235B-A22B", "Qwen/Qwen3-235B-A22B", "Qwen3 235B A22B"});
    const std::string config = "Qwen3-235B-A22B / Qwen3-VL-235B-A22B language model (94 layers; hidden 4,096; 64 Q heads; 4 KV heads x 128; moe_ffn_hidden 1,536; 128 experts, top-8), via zyzshishui/slime scripts/models/qwen3-235B-A22B.sh";
    m.totalParams = fig(235e9, "model name; MLCommons qwen3-vl-235b-a22b benchmark", "", Vendor);
    m.activeParams = fig(22e9, "model name; MLCommons qwen3-vl-235b-a22b benchmark", "", Vendor);
    m.kvBytesPerToken16 = fig(bytes(gqaKvBytes(94, 4, 128)), "derived: 94 layers x 4 KV heads x 128 x K,V x 2 bytes = 188 KiB; " + config, "", Vendor);
    m.shape = gqa(4096, 64, 4, 128);
    m.expertParamsShare = fig(routedExpertParams(94, 128, 4096, 1536) / 235e9, "derived: 94 layers x 128 experts x 3 x 4,096 x 1,536 = 227.1B of 235B = 0.966; " + config, "", Vendor);
    return m;
}

ModelSpec gptOss120b()
{
    ModelSpec m = model("gpt-oss-120b", "gpt-oss-120b (MoE, alternating full and 128-token sliding-window attention)", 36,
                        Attention::HybridSliding, 128, 4, {"openai/gpt-oss-120b", "GPT-OSS 120B", "gpt-oss-120B"});
    const std::string config = "OpenAI gpt-oss model card and GptOssConfig (36 layers; d_model 2,880; 64 Q heads, 8 KV heads x 64; expert FFN 2,880; 128 experts, top-4; every other layer a 128-token sliding window)";
    // 116.8B is chosen: it is the model card's count; MLCommons rounds to 117B.
    m.totalParams = choose(0, {
        claim(116.8e9, config, "", Vendor),
        claim(117e9, "MLCommons blog 'mlperf-inference-gpt-oss', rounded", "2026-03", Vendor),
    });
    m.activeParams = fig(5.1e9, config, "", Vendor);
    // Only the 18 full-attention layers grow with context; the sliding layers hold at most 128
    // tokens (about 4.5 MiB per sequence), so the long-context asymptote is the planning figure.
    m.kvBytesPerToken16 = fig(bytes(gqaKvBytes(18, 8, 64)), "derived: 18 full-attention layers x 8 KV heads x 64 x K,V x 2 bytes = 36 KiB, long-context asymptote; plus a fixed <= 4.5 MiB per sequence for the 18 sliding layers; " + config, "", Vendor);
    m.shape = gqa(2880, 64, 8, 64);
    m.shape.slidingWindow = 128; // the other 18 layers attend to the last 128 tokens only
    m.shape.slidingLayers = 18;
    m.expertParamsShare = fig(routedExpertParams(36, 128, 2880, 2880) / 116.8e9, "derived: 36 layers x 128 experts x 3 x 2,880 x 2,880 = 114.7B of 116.8B = 0.982 (biases ignored); " + config, "", Vendor);
    return m;
}

} // namespace

std::vector<ModelSpec> builtinModels()
{
    return {deepseekR1(), llama2_70b(), llama31_8b(), llama31_70b(), llama33_70b(), llama31_405b(),
            mixtral8x7b(), qwen3vl235b(), gptOss120b()};
}

} // namespace planner::catalog_data
