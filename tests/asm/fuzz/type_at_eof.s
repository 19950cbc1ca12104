// fuzz: a symbol type at the very end of the input (no NUL after it)
.type k,@"STT_CUDA_OBJECT"