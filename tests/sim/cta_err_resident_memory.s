// A residency request whose state would pass 1 GiB is refused before the
// run (1000 CTAs of 32 warps: 1064 MiB of warps, plus 1000 MiB of local
// memory at the default 1024 bytes per thread; docs/limits.md).
.launch grid=3000 block=1024 resident=1000
.expect-error "1000 resident CTAs need 2064 MiB of warp state, shared and local memory (limit 1024 MiB); lower --resident-ctas"
main:
        EXIT ;
