// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The scenario's choices as types. A scenario file spells them as words; scenario/ turns the words
// into these once (resolveChoices), and every model below compares enums, never strings.

#include "core/enum_names.h"

#include <optional>
#include <string_view>

namespace planner {

enum class WorkloadKind { Inference, Training };
inline constexpr std::array kWorkloadKindNames{EnumName<WorkloadKind>{WorkloadKind::Inference, "inference"},
                                               EnumName<WorkloadKind>{WorkloadKind::Training, "training"}};

enum class Serving { Aggregated, Disaggregated };
inline constexpr std::array kServingNames{EnumName<Serving>{Serving::Aggregated, "aggregated"},
                                          EnumName<Serving>{Serving::Disaggregated, "disaggregated"}};

// What a throughput read from an older round's rows stands for: what was measured (the default),
// or what the next round is expected to show after the software gain fitted on past rounds.
enum class SoftwareMode { Measured, Expected };
inline constexpr std::array kSoftwareModeNames{EnumName<SoftwareMode>{SoftwareMode::Measured, "measured"},
                                               EnumName<SoftwareMode>{SoftwareMode::Expected, "expected"}};

enum class FacilityMode { Build, Colocation, Rent };
inline constexpr std::array kFacilityModeNames{EnumName<FacilityMode>{FacilityMode::Build, "build"},
                                               EnumName<FacilityMode>{FacilityMode::Colocation, "colocation"},
                                               EnumName<FacilityMode>{FacilityMode::Rent, "rent"}};

// How a checkpoint reaches a second region: not at all, the job waits for both copies, or the job
// waits for the local write and the remote copy follows.
enum class Replication { None, Sync, AsyncAccelerated };
inline constexpr std::array kReplicationNames{EnumName<Replication>{Replication::None, "none"},
                                              EnumName<Replication>{Replication::Sync, "sync"},
                                              EnumName<Replication>{Replication::AsyncAccelerated, "async-accelerated"}};

inline std::string_view workloadKindName(WorkloadKind k) { return enumName(kWorkloadKindNames, k); }
inline std::optional<WorkloadKind> workloadKindFromName(std::string_view n) { return enumFromName(kWorkloadKindNames, n); }
inline std::string_view servingName(Serving s) { return enumName(kServingNames, s); }
inline std::optional<Serving> servingFromName(std::string_view n) { return enumFromName(kServingNames, n); }
inline std::string_view softwareModeName(SoftwareMode m) { return enumName(kSoftwareModeNames, m); }
inline std::optional<SoftwareMode> softwareModeFromName(std::string_view n) { return enumFromName(kSoftwareModeNames, n); }
inline std::string_view facilityModeName(FacilityMode m) { return enumName(kFacilityModeNames, m); }
inline std::optional<FacilityMode> facilityModeFromName(std::string_view n) { return enumFromName(kFacilityModeNames, n); }
inline std::string_view replicationName(Replication r) { return enumName(kReplicationNames, r); }
inline std::optional<Replication> replicationFromName(std::string_view n) { return enumFromName(kReplicationNames, n); }

} // namespace planner
