// A kernel built for clusters of 2 (.cluster_dims) launched with clusters
// of 4 is refused before anything runs, as CUDA refuses a launch whose
// cluster shape differs from the kernel's __cluster_dims__
// (docs/semantics.md, "Clusters").
.launch grid=4 block=32 cluster=4
.expect-error "kernel 'main' was built for clusters of (2,1,1) (.cluster_dims, __cluster_dims__); the launch asks for (4,1,1)"
        .cluster_dims 2
main:
        EXIT ;
