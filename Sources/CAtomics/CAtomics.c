// Everything is in include/CAtomics.h (static inline); SwiftPM needs one source file per C target.
#include "CAtomics.h"
