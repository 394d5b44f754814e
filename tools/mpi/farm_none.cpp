// tools/mpi_farm.h for a kanju built without MPI (CMake found none, or -DKANJU_MPI=OFF).
#include "../mpi_farm.h"

namespace kanju::cli {

bool farm_built() { return false; }

Result<int> farm_rank() {
  return Error{
      "--mpi: this kanju was built without MPI; install libopenmpi-dev and openmpi-bin "
      "(./setup.sh does) and rebuild"};
}

FarmOutcome run_farm(const FarmPlan&) { return {}; }

}  // namespace kanju::cli
