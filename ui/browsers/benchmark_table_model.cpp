// SPDX-License-Identifier: GPL-3.0-or-later
#include "benchmark_table_model.h"
#include "qt_string.h"

#include <QLocale>

namespace planner::ui {

namespace {


// The catalog id where known, else the raw name as the source wrote it.
QString idOrRaw(const std::string& id, const std::string& raw) { return qs(id.empty() ? raw : id); }

QVariant number(const std::optional<double>& v) { return v ? QVariant(*v) : QVariant(); }

QString figure(const std::optional<double>& v)
{
    if (!v)
        return {};
    return QLocale().toString(*v, 'f', *v >= 100 ? 0 : 1);
}

} // namespace

BenchmarkTableModel::BenchmarkTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void BenchmarkTableModel::setRuns(std::vector<StoredRun> runs)
{
    beginResetModel();
    runs_ = std::move(runs);
    endResetModel();
}

const StoredRun* BenchmarkTableModel::run(int row) const
{
    return row >= 0 && row < static_cast<int>(runs_.size()) ? &runs_[static_cast<std::size_t>(row)] : nullptr;
}

int BenchmarkTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(runs_.size());
}

int BenchmarkTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QString BenchmarkTableModel::filterText(const StoredRun& r, Column c)
{
    switch (c) {
    case Round: return qs(r.round);
    case Benchmark: return qs(r.benchmark);
    case Model: return idOrRaw(r.modelId, r.modelRaw);
    case Accelerator: return idOrRaw(r.gpuId, r.acceleratorRaw);
    case System: return qs(r.systemRaw.empty() ? r.systemId : r.systemRaw);
    case Scenario: return qs(r.scenario);
    case Unit: return qs(r.unit);
    case Precision: return qs(r.precision);
    case Serving: return qs(r.serving);
    case Grade: return qs(r.grade);
    case Division: return qs(r.division);
    case Source: return qs(r.source);
    default: return {};
    }
}

QVariant BenchmarkTableModel::data(const QModelIndex& index, int role) const
{
    const StoredRun* r = index.isValid() ? run(index.row()) : nullptr;
    if (!r || index.column() < 0 || index.column() >= ColumnCount)
        return {};
    const auto c = static_cast<Column>(index.column());
    if (role == Qt::TextAlignmentRole) {
        const bool numeric = c == Id || c == Gpus || c == Isl || c == Osl || c == TotalPerGpu || c == OutputPerGpu
                          || c == PerUser || c == RequestsPerGpu;
        return QVariant::fromValue(Qt::Alignment(numeric ? Qt::AlignRight | Qt::AlignVCenter : Qt::AlignLeft | Qt::AlignVCenter));
    }
    if (role == Qt::ToolTipRole) {
        if (c == Accelerator)
            return QStringLiteral("%1 (as the source wrote it)").arg(qs(r->acceleratorRaw));
        if (c == Model)
            return QStringLiteral("%1 (as the source wrote it)").arg(qs(r->modelRaw));
        if (c == PerUser && !r->perUser)
            return QStringLiteral("No latency bound (Offline)");
        return {};
    }
    if (role != Qt::DisplayRole && role != SortRole)
        return {};
    const bool sort = role == SortRole;
    switch (c) {
    case Id: return QVariant::fromValue<qlonglong>(r->id);
    case Gpus: return r->gpuCount ? QVariant(*r->gpuCount) : QVariant();
    case Isl: return sort ? number(r->isl) : QVariant(figure(r->isl));
    case Osl: return sort ? number(r->osl) : QVariant(figure(r->osl));
    case TotalPerGpu: return sort ? number(r->totalPerGpu) : QVariant(figure(r->totalPerGpu));
    case OutputPerGpu: return sort ? number(r->outputPerGpu) : QVariant(figure(r->outputPerGpu));
    case RequestsPerGpu: return sort ? number(r->requestsPerGpu) : QVariant(figure(r->requestsPerGpu));
    case PerUser:
        if (sort)
            return number(r->perUser);
        if (!r->perUser && !r->unit.empty() && r->unit != "tokens/s") // its latency bound is not in tokens
            return QVariant(QString());
        return r->perUser ? QVariant(figure(r->perUser)) : QVariant(QStringLiteral("unbounded"));
    case Preview: return r->preview ? QStringLiteral("preview") : QStringLiteral("available");
    default: return filterText(*r, c);
    }
    return {};
}

QVariant BenchmarkTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    static const char* const titles[ColumnCount] = {
        "Row", "Round", "Model", "Accelerator", "System", "GPUs", "Scenario", "Precision", "Tok/s per GPU",
        "Output tok/s per GPU", "Tok/s per user", "Samples or queries/s per GPU", "Unit", "Input tok", "Output tok", "Serving", "Grade", "Division",
        "Availability", "Benchmark", "Source"};
    if (role == Qt::DisplayRole)
        return QString::fromLatin1(titles[section]);
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case TotalPerGpu: return QStringLiteral("Input + output tokens per second per GPU");
        case OutputPerGpu: return QStringLiteral("Output (generated) tokens per second per GPU; MLPerf's Tokens/s counts these");
        case PerUser: return QStringLiteral("Output tokens per second per user (1 / TPOT); MLPerf rows: the latency limit met");
        case RequestsPerGpu: return QStringLiteral("Results reported in samples/s or queries/s (the vision-language benchmark), per GPU; never converted to tokens");
        case Unit: return QStringLiteral("The unit the source reported the result in; rows are compared only with rows in the same unit");
        case Isl: return QStringLiteral("Mean input tokens per request");
        case Osl: return QStringLiteral("Mean output tokens per request");
        default: return {};
        }
    }
    return {};
}

} // namespace planner::ui
