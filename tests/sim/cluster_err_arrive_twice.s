// A thread arrives on the cluster barrier again before it waited: PTX
// leaves this undefined, the simulator stops naming the lanes.
.launch grid=2 block=32 cluster=2
.expect-error "lanes 0xffffffff, PC 0x0010 (cluster_err_arrive_twice.s:7): `CGABAR.ARV`: CGABAR.ARV again before CGABAR.WAIT"
main:
        CGABAR.ARV ;
        CGABAR.ARV ;
        CGABAR.WAIT ;
        EXIT ;
