// A grid that is not a multiple of the cluster shape is refused before
// anything runs (CUDA: cudaErrorInvalidClusterSize), naming the axis.
.launch grid=4,3 block=32 cluster=2,2
.expect-error "grid (4,3,1) is not a multiple of the cluster (2,2,1): grid y = 3 is not divisible by cluster y = 2"
main:
        EXIT ;
