// A residency request whose warp state would pass 1 GiB is refused before
// the run (1000 CTAs of 32 warps: 1060 MiB).
.launch grid=3000 block=1024 resident=1000
.expect-error "1000 resident CTAs need 1060 MiB of warp state (limit 1024 MiB); lower --resident-ctas"
main:
        EXIT ;
