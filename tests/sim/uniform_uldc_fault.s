// ULDC outside its constant bank is a located fault like LDC's.
.launch grid=1 block=32
.expect-error "`ULDC.64 UR4, c[0x3][0x8]`: constant load of 8 bytes at c[0x3][0x8]: out of range (bank size 0x0)"
main:
        ULDC.64 UR4, c[0x3][0x8] ;
        EXIT ;
