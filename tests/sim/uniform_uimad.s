// UIMAD: the low 32 bits of URa * b + URc (signed and unsigned agree).
.launch grid=1 block=32
.init UR1 = 6
.init UR2 = 7
.init UR3 = 100
.init UR10 = 0x10001
.init UR11 = 0x80000001
main:
        UIMAD UR4, UR1, UR2, URZ ;
.expect UR4 = 42
        UIMAD UR5, UR1, -0x3, UR3 ;
.expect UR5 = 82
        UIMAD UR6, UR10, UR10, URZ ;               // 0x100020001
.expect UR6 = 0x20001
        UIMAD UR7, UR11, 0x2, UR1 ;                // 0x100000002 + 6
.expect UR7 = 8
        EXIT ;
