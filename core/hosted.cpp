#include "hosted.h"

#include "json_reader.h"

namespace gpuplan::core {

using detail::Bound;
using detail::ObjectReader;

Result<std::vector<HostedApi>> parseHostedApis(std::string_view text, const std::string& fileName)
{
    detail::JsonContext ctx {fileName, nullptr};
    try {
        const auto root = detail::parseJson(text, ctx);
        ObjectReader top(root, "", ctx);
        if (top.string("schema") != "gpuplan.hosted_apis/1")
            detail::fail(ctx, "/schema",
                Message(msg::unsupportedSchema, {"gpuplan.hosted_apis/1", top.string("schema").substr(0, 60)}));
        const std::string defAsOf = top.optString("as_of").value_or("");
        top.optString("notes");
        const auto& list = top.raw("apis");
        if (!list.is_array())
            detail::fail(ctx, "/apis", Message(msg::mustBeArray, {detail::describe(list)}));
        top.finish();
        std::vector<HostedApi> out;
        for (std::size_t i = 0; i < list.size(); ++i) {
            ObjectReader r(list[i], detail::appendPointer("/apis", i), ctx);
            HostedApi a;
            a.provider = r.string("provider");
            a.model = r.string("model");
            a.modelPreset = r.optString("model_preset").value_or("");
            a.currency = r.optString("currency").value_or("USD");
            a.inputPerMillion = r.number("input_per_million_tokens", Bound::NonNegative);
            a.outputPerMillion = r.number("output_per_million_tokens", Bound::NonNegative);
            r.optNumber("cached_input_per_million_tokens", Bound::NonNegative);
            a.asOf = r.optString("as_of").value_or(defAsOf);
            a.source = r.string("source");
            r.optString("source_kind");
            r.optString("notes");
            r.finish();
            out.push_back(std::move(a));
        }
        return out;
    } catch (const detail::Failure& f) {
        return f.error;
    }
}

} // namespace gpuplan::core
