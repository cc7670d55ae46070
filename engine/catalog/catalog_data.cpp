// SPDX-License-Identifier: GPL-3.0-or-later
// The built-in catalog. The figures live in catalog_data_*.cpp, one file per section, each with its
// sources; this file only assembles them, once, on first use.
#include "catalog/catalog_data_detail.h"

namespace planner {

const Catalog& builtinCatalog()
{
    // A function-local static: built on first use, thread-safe, and never rebuilt, so pointers
    // returned by the lookup functions stay valid for the life of the program.
    static const Catalog catalog = [] {
        Catalog c;
        c.gpus = catalog_data::builtinGpus();
        c.systems = catalog_data::builtinSystems();
        c.nics = catalog_data::builtinNics();
        c.switches = catalog_data::builtinSwitches();
        c.optics = catalog_data::builtinOptics();
        c.storageTiers = catalog_data::builtinStorageTiers();
        c.models = catalog_data::builtinModels();
        c.mlperfWorkloads = catalog_data::builtinMlperfWorkloads();
        return c;
    }();
    return catalog;
}

} // namespace planner
