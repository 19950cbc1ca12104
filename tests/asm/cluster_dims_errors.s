// .cluster_dims X[, Y[, Z]] misuse (docs/assembler.md, ".cluster_dims"):
// every error at its line.
        .section .text.k,"ax",@progbits
k:
        .cluster_dims 4
        .cluster_dims 2, 2, 2
        .cluster_dims 0                 // error: .cluster_dims (0,1,1): each dimension at least 1, at most 8 CTAs in all (docs/limits.md)
        .cluster_dims 3, 3              // error: .cluster_dims (3,3,1): each dimension at least 1, at most 8 CTAs in all (docs/limits.md)
        .cluster_dims 1, 1, 1, 1        // error: unexpected ',' at the end of the directive
        .cluster_dims                   // error: expected an expression
        EXIT ;
        .section .nv.constant2.k,"a",@progbits
        .cluster_dims 2                 // error: .cluster_dims outside a kernel's code (.nv.constant2.k): switch to its .text.<kernel> section first
