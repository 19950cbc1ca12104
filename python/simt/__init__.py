"""simt - Python access to libsimt (ctypes; standard library only).

    import simt
    isa = simt.Isa()                         # the ISA compiled into libsimt
    obj = isa.assemble(source_text, "k.s")   # an Object (ELF image: obj.image())
    print(isa.disassemble(obj))
    sim = simt.Sim(isa, obj)                 # first kernel, or kernel="name"
    out = sim.alloc(4 * 32)
    sim.params(simt.pack_params(out))
    stats = sim.run(grid=1, block=32)        # raises simt.RuntimeStop on a deadlock...
    data = sim.read(out, 4 * 32)             # bytes

Stepping (docs/library.md): sim.start(grid=..., block=...), then
sim.step(), sim.step_cycles(n), sim.run_until(pcs=[0x70], sync=True) return
why they returned ('steps', 'breakpoint', 'sync', ..., 'done'); between
them sim.warp(), sim.barrier(), sim.mbarrier(), sim.reg(), sim.read() look
at the state.  for r in sim.instructions(grid=1, block=32): ... iterates the
retired warp instructions (Retire records: PC, masks, encoding, register
writes, memory accesses) of a whole launch, one step at a time.

The library is found through $SIMT_LIB, then build/libsimt.so of the source
tree this package sits in, then the system's library path (libsimt.so.2).
Every failing call raises simt.Error (or a subclass) carrying the status
and the library's diagnostics, formatted as the simt command prints them.
"""

import ctypes
import ctypes.util
import os
import struct

__all__ = ["Error", "RuntimeStop", "Isa", "Object", "Sim", "Stats",
           "Retire", "RegWrite", "MemAccess", "WarpState", "BarrierState",
           "MbarrierState", "pack_params", "version", "POLICIES"]


def _find_library():
    env = os.environ.get("SIMT_LIB")
    if env:
        return env
    here = os.path.dirname(os.path.abspath(__file__))
    tree = os.path.join(here, "..", "..", "build", "libsimt.so")
    if os.path.exists(tree):
        return os.path.normpath(tree)
    return ctypes.util.find_library("simt") or "libsimt.so.2"


_lib = ctypes.CDLL(_find_library())

# ---- C structures (include/simt/diag.h, sim.h) ------------------------------


class _Diag(ctypes.Structure):
    _fields_ = [("severity", ctypes.c_int), ("file", ctypes.c_char_p),
                ("line", ctypes.c_int), ("col", ctypes.c_int),
                ("message", ctypes.c_char_p),
                ("source_line", ctypes.c_char_p)]


class _Diags(ctypes.Structure):
    _fields_ = [("items", ctypes.POINTER(_Diag)), ("count", ctypes.c_int),
                ("capacity", ctypes.c_int), ("errors", ctypes.c_int),
                ("limit", ctypes.c_int)]


_TRACE_FN = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_char_p)


class _Launch(ctypes.Structure):
    _fields_ = [("grid", ctypes.c_uint32 * 3), ("block", ctypes.c_uint32 * 3),
                ("dyn_shared", ctypes.c_uint32), ("policy", ctypes.c_int),
                ("seed", ctypes.c_uint64), ("max_cycles", ctypes.c_uint64),
                ("copy_latency", ctypes.c_uint32), ("trace", _TRACE_FN),
                ("trace_user", ctypes.c_void_p),
                ("resident", ctypes.c_uint32), ("checks", ctypes.c_uint32),
                ("cluster", ctypes.c_uint32 * 3),
                ("memory", ctypes.c_uint32), ("keep", ctypes.c_uint32),
                ("threads", ctypes.c_uint32), ("cta_group", ctypes.c_uint32)]


class _SrcLoc(ctypes.Structure):
    _fields_ = [("file", ctypes.c_char_p), ("line", ctypes.c_uint32),
                ("col", ctypes.c_uint32), ("orig_file", ctypes.c_char_p),
                ("orig_line", ctypes.c_uint32), ("orig_col", ctypes.c_uint32)]


class _Stats(ctypes.Structure):
    _fields_ = [("cycles", ctypes.c_uint64), ("steps", ctypes.c_uint64),
                ("thread_insts", ctypes.c_uint64),
                ("workers", ctypes.c_uint32),
                ("worker_cpu_max", ctypes.c_double),
                ("worker_cpu_sum", ctypes.c_double),
                ("worker_cpu_span", ctypes.c_double)]


class _RegWrite(ctypes.Structure):
    _fields_ = [("rf", ctypes.c_int), ("index", ctypes.c_uint),
                ("mask", ctypes.c_uint32), ("value", ctypes.c_uint32 * 32)]


class _MemAccess(ctypes.Structure):
    _fields_ = [("store", ctypes.c_int), ("space", ctypes.c_int),
                ("size", ctypes.c_uint), ("mask", ctypes.c_uint32),
                ("addr", ctypes.c_uint64 * 32),
                ("data", (ctypes.c_uint8 * 16) * 32)]


class _Retire(ctypes.Structure):
    _fields_ = [("step", ctypes.c_uint64), ("cycle", ctypes.c_uint64),
                ("cta", ctypes.c_uint32 * 3), ("warp", ctypes.c_int),
                ("pc", ctypes.c_uint64), ("word", ctypes.c_uint64 * 2),
                ("active", ctypes.c_uint32), ("exec", ctypes.c_uint32),
                ("next_pc", ctypes.c_uint64), ("active_after", ctypes.c_uint32),
                ("valid_after", ctypes.c_uint32), ("blocked", ctypes.c_int),
                ("has_mbar", ctypes.c_int), ("mbar", ctypes.c_uint32),
                ("nwrites", ctypes.c_int),
                ("writes", ctypes.POINTER(_RegWrite)),
                ("naccesses", ctypes.c_int), ("dropped", ctypes.c_int),
                ("accesses", ctypes.POINTER(_MemAccess))]


class _Until(ctypes.Structure):
    _fields_ = [("steps", ctypes.c_uint64), ("cycles", ctypes.c_uint64),
                ("pcs", ctypes.POINTER(ctypes.c_uint64)), ("npcs", ctypes.c_int),
                ("sync", ctypes.c_int)]


class _WarpState(ctypes.Structure):
    _fields_ = [("status", ctypes.c_int), ("pc", ctypes.c_uint64),
                ("lanes", ctypes.c_uint32), ("active", ctypes.c_uint32),
                ("valid", ctypes.c_uint32), ("exited", ctypes.c_uint32),
                ("yield_", ctypes.c_uint32), ("sleep", ctypes.c_uint32),
                ("breg", ctypes.c_uint32 * 16), ("bar_id", ctypes.c_int),
                ("mbar_addr", ctypes.c_uint32), ("clock", ctypes.c_uint64),
                ("steps", ctypes.c_uint64)]


class _BarrierState(ctypes.Structure):
    _fields_ = [("kind", ctypes.c_int), ("arrived", ctypes.c_uint32),
                ("expected", ctypes.c_uint32),
                ("arrived_warps", ctypes.c_uint32),
                ("waiting_warps", ctypes.c_uint32), ("redop", ctypes.c_int),
                ("red", ctypes.c_uint32), ("state", ctypes.c_uint32)]


class _MbarrierState(ctypes.Structure):
    _fields_ = [("valid", ctypes.c_int), ("phase", ctypes.c_uint),
                ("expected", ctypes.c_uint32), ("pending", ctypes.c_uint32),
                ("tx", ctypes.c_uint32), ("word", ctypes.c_uint64)]


_RETIRE_FN = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.POINTER(_Retire))

_P = ctypes.c_void_p
_U8P = ctypes.POINTER(ctypes.c_uint8)
_D = ctypes.POINTER(_Diags)


def _fn(name, restype, *argtypes):
    f = getattr(_lib, name)
    f.restype = restype
    f.argtypes = list(argtypes)
    return f


_version = _fn("simt_version", ctypes.c_char_p)
_strerror = _fn("simt_strerror", ctypes.c_char_p, ctypes.c_int)
_free = _fn("simt_free", None, _P)
_diags_free = _fn("simt_diags_free", None, _D)
_diag_format = _fn("simt_diag_format", ctypes.c_size_t, ctypes.POINTER(_Diag),
                   ctypes.c_char_p, ctypes.c_size_t)
_isa_builtin = _fn("simt_isa_load_builtin", ctypes.c_int,
                   ctypes.POINTER(_P), _D)
_isa_files = _fn("simt_isa_load_files", ctypes.c_int,
                 ctypes.POINTER(ctypes.c_char_p), ctypes.c_int,
                 ctypes.POINTER(_P), _D)
_isa_free = _fn("simt_isa_free", None, _P)
_assemble = _fn("simt_assemble", ctypes.c_int, _P, ctypes.c_char_p,
                ctypes.c_char_p, ctypes.c_size_t, ctypes.POINTER(_P), _D)
_obj_write = _fn("simt_object_write", ctypes.c_int, _P,
                 ctypes.POINTER(_U8P), ctypes.POINTER(ctypes.c_size_t), _D)
_obj_read = _fn("simt_object_read", ctypes.c_int, ctypes.c_char_p,
                ctypes.c_size_t, ctypes.c_char_p, ctypes.POINTER(_P), _D)
_obj_free = _fn("simt_object_free", None, _P)
_obj_count = _fn("simt_object_kernel_count", ctypes.c_int, _P)
_obj_name = _fn("simt_object_kernel_name", ctypes.c_char_p, _P, ctypes.c_int)
_obj_code = _fn("simt_object_kernel_code", _U8P, _P, ctypes.c_int,
                ctypes.POINTER(ctypes.c_size_t))
_dis_obj = _fn("simt_disassemble_object", ctypes.c_int, _P, _P,
               ctypes.c_char_p, ctypes.c_uint, ctypes.POINTER(ctypes.c_void_p),
               _D)
_dis = _fn("simt_disassemble", ctypes.c_int, _P, ctypes.c_char_p,
           ctypes.c_size_t, ctypes.c_uint64, ctypes.c_uint,
           ctypes.POINTER(ctypes.c_void_p), _D)
_obj_srcloc = _fn("simt_object_source_loc", ctypes.c_int, _P, ctypes.c_int,
                  ctypes.c_uint64, ctypes.POINTER(_SrcLoc))
_launch_init = _fn("simt_launch_init", None, ctypes.POINTER(_Launch))
_launch_checks = _fn("simt_launch_checks", ctypes.c_int,
                     ctypes.POINTER(_Launch), ctypes.c_char_p, _D)
_launch_policy = _fn("simt_launch_policy", ctypes.c_int,
                     ctypes.POINTER(_Launch), ctypes.c_char_p, _D)
_sim_new = _fn("simt_sim_new", ctypes.c_int, _P, _P, ctypes.c_char_p,
               ctypes.POINTER(_P), _D)
_sim_free = _fn("simt_sim_free", None, _P)
_sim_alloc = _fn("simt_sim_alloc", ctypes.c_int, _P, ctypes.c_uint64,
                 ctypes.POINTER(ctypes.c_uint64), _D)
_sim_write = _fn("simt_sim_write", ctypes.c_int, _P, ctypes.c_uint64,
                 ctypes.c_char_p, ctypes.c_uint64, _D)
_sim_read = _fn("simt_sim_read", ctypes.c_int, _P, ctypes.c_uint64,
                ctypes.c_char_p, ctypes.c_uint64, _D)
_sim_params = _fn("simt_sim_set_params", ctypes.c_int, _P, ctypes.c_char_p,
                  ctypes.c_size_t, _D)
_sim_const = _fn("simt_sim_set_const", ctypes.c_int, _P, ctypes.c_uint,
                 ctypes.c_uint32, ctypes.c_char_p, ctypes.c_size_t, _D)
_sim_run = _fn("simt_sim_run", ctypes.c_int, _P, ctypes.POINTER(_Launch), _D)
_sim_stats = _fn("simt_sim_get_stats", None, _P, ctypes.POINTER(_Stats))
_sim_reg = _fn("simt_sim_reg", ctypes.c_int, _P, ctypes.c_uint32 * 3,
               ctypes.c_uint32 * 3, ctypes.c_int, ctypes.c_uint,
               ctypes.POINTER(ctypes.c_uint64), _D)

_U3 = ctypes.c_uint32 * 3
_sim_start = _fn("simt_sim_start", ctypes.c_int, _P, ctypes.POINTER(_Launch),
                 _D)
_sim_run_until = _fn("simt_sim_run_until", ctypes.c_int, _P,
                     ctypes.POINTER(_Until), ctypes.POINTER(ctypes.c_int), _D)
_sim_status = _fn("simt_sim_status", ctypes.c_int, _P)
_stop_name = _fn("simt_stop_name", ctypes.c_char_p, ctypes.c_int)
_sim_on_retire = _fn("simt_sim_on_retire", ctypes.c_int, _P, _RETIRE_FN, _P)
_sim_warp = _fn("simt_sim_warp", ctypes.c_int, _P, _U3, ctypes.c_int,
                ctypes.POINTER(_WarpState), _D)
_sim_barrier = _fn("simt_sim_barrier", ctypes.c_int, _P, _U3, ctypes.c_uint,
                   ctypes.POINTER(_BarrierState), _D)
_sim_mbarrier = _fn("simt_sim_mbarrier", ctypes.c_int, _P, _U3,
                    ctypes.c_uint32, ctypes.POINTER(_MbarrierState), _D)
_sim_read_shared = _fn("simt_sim_read_shared", ctypes.c_int, _P, _U3,
                       ctypes.c_uint32, ctypes.c_char_p, ctypes.c_uint32, _D)
_sim_cycle = _fn("simt_sim_cycle", ctypes.c_uint64, _P)

SIMT_OK = 0
_STATUS_RUNTIME = 10  # SIMT_ERR_RUNTIME, position in SIMT_STATUS_LIST
POLICIES = ("rr", "greedy", "random:SEED")
REGFILES = {"R": 0, "P": 1, "UR": 2, "B": 3, "PC": 4, "UP": 5}
DIS_ADDR, DIS_HEX, DIS_LABELS = 1, 2, 4


def version():
    """The version of the loaded libsimt, e.g. '1.0.0'."""
    return _version().decode()


class Error(Exception):
    """A libsimt call failed: .status (int), .status_text, .diagnostics
    (list of formatted strings, as `simt` prints them)."""

    def __init__(self, status, diagnostics):
        self.status = status
        self.status_text = _strerror(status).decode()
        self.diagnostics = diagnostics
        first = diagnostics[0].splitlines()[0] if diagnostics else ""
        super().__init__(f"{self.status_text}: {first}" if first
                         else self.status_text)


class RuntimeStop(Error):
    """The simulated program stopped with an error: deadlock, exception,
    memory fault, livelock or the cycle limit."""


class _Call:
    """One diagnostics list around a group of library calls."""

    def __enter__(self):
        self.d = _Diags()
        return self

    def check(self, status):
        if status != SIMT_OK:
            raise (RuntimeStop if status == _STATUS_RUNTIME else Error)(
                status, self.messages())
        return status

    def messages(self):
        out = []
        for i in range(self.d.count):
            item = ctypes.byref(self.d.items[i])
            n = _diag_format(item, None, 0)
            buf = ctypes.create_string_buffer(n + 1)
            _diag_format(item, buf, n + 1)
            out.append(buf.value.decode(errors="replace").rstrip("\n"))
        return out

    def __exit__(self, *exc):
        _diags_free(ctypes.byref(self.d))
        return False


def _take_text(ptr):
    text = ctypes.string_at(ptr).decode()
    _free(ptr)
    return text


class Isa:
    """An ISA description: the one compiled into the library, or files."""

    def __init__(self, files=None):
        self._h = _P()
        with _Call() as c:
            if files is None:
                c.check(_isa_builtin(ctypes.byref(self._h), ctypes.byref(c.d)))
            else:
                arr = (ctypes.c_char_p * len(files))(
                    *[os.fsencode(f) for f in files])
                c.check(_isa_files(arr, len(files), ctypes.byref(self._h),
                                   ctypes.byref(c.d)))

    def __del__(self):
        if getattr(self, "_h", None):
            _isa_free(self._h)
            self._h = None

    def assemble(self, text, name="<python>"):
        """Assemble source text into an Object; Error lists every mistake."""
        raw = text.encode() if isinstance(text, str) else bytes(text)
        h = _P()
        with _Call() as c:
            c.check(_assemble(self._h, name.encode(), raw, len(raw),
                              ctypes.byref(h), ctypes.byref(c.d)))
        return Object(h)

    def disassemble(self, what, flags=DIS_LABELS, base=0):
        """Text of an Object (every kernel) or of raw code bytes."""
        out = ctypes.c_void_p()
        with _Call() as c:
            if isinstance(what, Object):
                c.check(_dis_obj(self._h, what._h, None, flags,
                                 ctypes.byref(out), ctypes.byref(c.d)))
            else:
                code = bytes(what)
                c.check(_dis(self._h, code, len(code), base, flags,
                             ctypes.byref(out), ctypes.byref(c.d)))
        return _take_text(out.value)


class Object:
    """An object file: kernels, constant banks, symbols."""

    def __init__(self, handle):
        self._h = handle

    @classmethod
    def from_bytes(cls, image, name="<bytes>"):
        h = _P()
        data = bytes(image)
        with _Call() as c:
            c.check(_obj_read(data, len(data), name.encode(), ctypes.byref(h),
                              ctypes.byref(c.d)))
        return cls(h)

    @classmethod
    def load(cls, path):
        with open(path, "rb") as f:
            return cls.from_bytes(f.read(), path)

    def __del__(self):
        if getattr(self, "_h", None):
            _obj_free(self._h)
            self._h = None

    def image(self):
        """The ELF image as bytes."""
        p, n = _U8P(), ctypes.c_size_t()
        with _Call() as c:
            c.check(_obj_write(self._h, ctypes.byref(p), ctypes.byref(n),
                               ctypes.byref(c.d)))
        data = ctypes.string_at(p, n.value)
        _free(p)
        return data

    def kernels(self):
        return [_obj_name(self._h, k).decode()
                for k in range(_obj_count(self._h))]

    def code(self, kernel):
        """The text bytes of one kernel (by name or index)."""
        k = self.kernels().index(kernel) if isinstance(kernel, str) else kernel
        n = ctypes.c_size_t()
        p = _obj_code(self._h, k, ctypes.byref(n))
        return ctypes.string_at(p, n.value)

    def source_loc(self, kernel, pc):
        """Where the instruction at byte offset pc of a kernel was written,
        from the line table: (file, line, col), or None; with an origin row
        (PTX .loc) ((file, line, col), (orig_file, line, col))."""
        k = self.kernels().index(kernel) if isinstance(kernel, str) else kernel
        loc = _SrcLoc()
        if not _obj_srcloc(self._h, k, pc, ctypes.byref(loc)):
            return None
        site = (loc.file.decode(), loc.line, loc.col) if loc.file else None
        if not loc.orig_file:
            return site
        return site, (loc.orig_file.decode(), loc.orig_line, loc.orig_col)


class Stats:
    def __init__(self, s):
        self.cycles, self.steps, self.thread_insts = (
            s.cycles, s.steps, s.thread_insts)
        # the last run's worker threads (0: sequential) and their CPU
        # seconds: the busiest one's, all together, and the span of the
        # groups on equally fast workers (simt_sim_stats)
        self.workers, self.worker_cpu_max, self.worker_cpu_sum = (
            s.workers, s.worker_cpu_max, s.worker_cpu_sum)
        self.worker_cpu_span = s.worker_cpu_span

    def __repr__(self):
        return (f"Stats(cycles={self.cycles}, steps={self.steps}, "
                f"thread_insts={self.thread_insts})")


class RegWrite:
    """A destination register write of a retired instruction: regfile
    ('R', 'P', 'UR', 'UP', 'B'), index, mask (lanes written; 0 for
    warp-wide files) and values (R: {lane: value}; P: the predicate's lane
    mask; UR/UP/B: the value)."""

    def __init__(self, w):
        self.regfile = _REGNAMES.get(w.rf, str(w.rf))
        self.index, self.mask = w.index, w.mask
        if self.regfile == "R":
            self.values = {l: w.value[l] for l in range(32) if w.mask >> l & 1}
        else:
            self.values = w.value[0]

    def __repr__(self):
        return f"RegWrite({self.regfile}{self.index}, mask=0x{self.mask:08x})"


class MemAccess:
    """A memory access: store (bool), space ('global', 'shared', ...),
    size, mask, addr {lane: address}, data {lane: bytes}."""

    def __init__(self, a):
        self.store = bool(a.store)
        self.space = _SPACES[a.space] if 0 <= a.space < len(_SPACES) else "?"
        self.size, self.mask = a.size, a.mask
        lanes = [l for l in range(32) if a.mask >> l & 1]
        self.addr = {l: a.addr[l] for l in lanes}
        self.data = {l: bytes(a.data[l][:a.size]) for l in lanes}

    def __repr__(self):
        kind = "store" if self.store else "load"
        return f"MemAccess({kind} {self.space} {self.size}B mask=0x{self.mask:08x})"


class Retire:
    """One retired warp instruction (simt_retire, docs/library.md)."""

    def __init__(self, r):
        self.step, self.cycle = r.step, r.cycle
        self.cta, self.warp = tuple(r.cta), r.warp
        self.pc, self.next_pc = r.pc, r.next_pc
        self.word = r.word[0] | r.word[1] << 64
        self.active, self.exec = r.active, r.exec
        self.active_after, self.valid_after = r.active_after, r.valid_after
        self.blocked = bool(r.blocked)
        self.mbar = r.mbar if r.has_mbar else None
        self.writes = [RegWrite(r.writes[k]) for k in range(r.nwrites)]
        self.accesses = [MemAccess(r.accesses[k]) for k in range(r.naccesses)]

    def __repr__(self):
        return (f"Retire(step={self.step}, cycle={self.cycle}, cta={self.cta}, "
                f"warp={self.warp}, pc=0x{self.pc:04x}, "
                f"active=0x{self.active:08x}, exec=0x{self.exec:08x})")


class _State:
    def __init__(self, s, names):
        for n, _ in s._fields_:
            v = getattr(s, n)
            setattr(self, n.rstrip("_"), list(v) if hasattr(v, "_length_") else v)
        if "status" in names:
            self.status = names["status"][s.status]

    def __repr__(self):
        items = ", ".join(f"{k}={v!r}" for k, v in vars(self).items())
        return f"{type(self).__name__}({items})"


class WarpState(_State):
    """A warp: status ('ready', 'bar', 'sleep', 'mbar', 'exited'), pc,
    lanes, active, valid, exited, yield, sleep, breg (B0..B15), bar_id,
    mbar_addr, clock, steps."""


class BarrierState(_State):
    """A CTA barrier: kind (0 idle, 1 SYNC, 2 RED), arrived and expected
    threads, arrived_warps, waiting_warps, redop, red, state."""


class MbarrierState(_State):
    """An mbarrier: valid, phase, expected, pending, tx, word."""


_REGNAMES = {v: k for k, v in {"R": 0, "P": 1, "UR": 2, "B": 3, "PC": 4,
                               "UP": 5}.items()}
_SPACES = ("global", "shared", "local", "const", "generic")
_WARP_STATUS = ("ready", "bar", "sleep", "mbar", "exited")


def _u3(v):
    v = (v,) if isinstance(v, int) else tuple(v)
    return _U3(*(v + (0, 0, 0))[:3])


def pack_params(*values):
    """Kernel parameter bytes per docs/launch-abi.md: ints are 64-bit
    (addresses) unless given as (fmt, value) with a struct format such as
    ('I', 7) or ('f', 1.5); each aligned to its own size."""
    out = b""
    for v in values:
        fmt, val = v if isinstance(v, tuple) else ("Q", v)
        size = struct.calcsize("<" + fmt)
        out += b"\0" * (-len(out) % size) + struct.pack("<" + fmt, val)
    return out


class Sim:
    """One kernel of an object, predecoded, with its device memory."""

    def __init__(self, isa, obj, kernel=None):
        self._isa, self._obj = isa, obj  # keep them alive
        self._h = _P()
        with _Call() as c:
            c.check(_sim_new(isa._h, obj._h,
                             kernel.encode() if kernel else None,
                             ctypes.byref(self._h), ctypes.byref(c.d)))

    def __del__(self):
        if getattr(self, "_h", None):
            _sim_free(self._h)
            self._h = None

    def alloc(self, size):
        """A zeroed global buffer of size bytes; returns its address."""
        addr = ctypes.c_uint64()
        with _Call() as c:
            c.check(_sim_alloc(self._h, size, ctypes.byref(addr),
                               ctypes.byref(c.d)))
        return addr.value

    def write(self, addr, data):
        data = bytes(data)
        with _Call() as c:
            c.check(_sim_write(self._h, addr, data, len(data),
                               ctypes.byref(c.d)))

    def read(self, addr, size):
        buf = ctypes.create_string_buffer(size)
        with _Call() as c:
            c.check(_sim_read(self._h, addr, buf, size, ctypes.byref(c.d)))
        return buf.raw

    def params(self, data):
        data = bytes(data)
        with _Call() as c:
            c.check(_sim_params(self._h, data, len(data), ctypes.byref(c.d)))

    def const(self, bank, offset, data):
        data = bytes(data)
        with _Call() as c:
            c.check(_sim_const(self._h, bank, offset, data, len(data),
                               ctypes.byref(c.d)))

    def _launch(self, grid, block, shared, policy, max_cycles, resident,
                copy_latency, trace, checks, c, cluster=0, keep=True,
                threads=0, cta_group=0):
        launch = _Launch()
        _launch_init(ctypes.byref(launch))
        launch.keep = 1 if keep else 0
        launch.threads, launch.cta_group = threads, cta_group
        for dst, v in ((launch.grid, grid), (launch.block, block)):
            v = (v,) if isinstance(v, int) else tuple(v)
            for i, x in enumerate(v + (1,) * (3 - len(v))):
                dst[i] = x
        launch.dyn_shared, launch.max_cycles = shared, max_cycles
        launch.resident, launch.copy_latency = resident, copy_latency
        if cluster:
            v = (cluster,) if isinstance(cluster, int) else tuple(cluster)
            for i, x in enumerate(v + (1,) * (3 - len(v))):
                launch.cluster[i] = x
        self._trace_keep = None
        if trace is not None:
            self._trace_keep = _TRACE_FN(lambda _u, line: trace(line.decode()))
            launch.trace = self._trace_keep
        c.check(_launch_policy(ctypes.byref(launch), policy.encode(),
                               ctypes.byref(c.d)))
        c.check(_launch_checks(ctypes.byref(launch), checks.encode(),
                               ctypes.byref(c.d)))
        return launch

    def run(self, grid=1, block=32, shared=0, policy="rr", max_cycles=0,
            resident=0, copy_latency=0, trace=None, checks="", cluster=0,
            keep=True, threads=0, cta_group=0):
        """Run the kernel; returns Stats.  trace: a callable receiving one
        JSON line (str) per issued warp instruction.  checks: opt-in checks
        ("sync", "uniform", "all"; docs/semantics.md).  cluster: the
        thread-block cluster shape (an int or a tuple; 0: none;
        docs/semantics.md, "Clusters").  keep: keep every finished CTA's
        registers for reg() and warp() (launch.keep; False: only the CTAs
        of the last resident set, and no per-CTA state on big grids).
        threads: worker threads for the CTA groups (0: the online CPUs),
        cta_group: CTAs per group (0: 256); the results never depend on
        threads (docs/semantics.md, "CTAs on worker threads").
        Raises RuntimeStop (with the simulator's report) when the program
        does not finish or a check reported."""
        with _Call() as c:
            launch = self._launch(grid, block, shared, policy, max_cycles,
                                  resident, copy_latency, trace, checks, c,
                                  cluster, keep, threads, cta_group)
            c.check(_sim_run(self._h, ctypes.byref(launch),
                             ctypes.byref(c.d)))
        return self.stats()

    def stats(self):
        s = _Stats()
        _sim_stats(self._h, ctypes.byref(s))
        return Stats(s)

    # ---- stepping -------------------------------------------------------

    def start(self, grid=1, block=32, shared=0, policy="rr", max_cycles=0,
              resident=0, copy_latency=0, trace=None, checks="", cluster=0,
              keep=True):
        """Start a launch without running it (the arguments of run())."""
        with _Call() as c:
            launch = self._launch(grid, block, shared, policy, max_cycles,
                                  resident, copy_latency, trace, checks, c,
                                  cluster, keep)
            c.check(_sim_start(self._h, ctypes.byref(launch),
                               ctypes.byref(c.d)))

    def run_until(self, pcs=(), steps=0, cycles=0, sync=False):
        """Advance the launch until a breakpoint PC is about to issue, steps
        more issues, cycles more cycles, a sync event (sync=True), or the
        end.  Returns why: 'steps', 'cycles', 'breakpoint', 'sync' or
        'done'; raises RuntimeStop when the launch ended with an error
        (the stop kind is sim.status() afterwards)."""
        pcs = list(pcs)
        arr = (ctypes.c_uint64 * max(1, len(pcs)))(*pcs)
        u = _Until(steps, cycles, arr if pcs else None, len(pcs), int(sync))
        stop = ctypes.c_int()
        with _Call() as c:
            c.check(_sim_run_until(self._h, ctypes.byref(u),
                                   ctypes.byref(stop), ctypes.byref(c.d)))
        return _stop_name(stop.value).decode()

    def step(self, n=1):
        """Issue n warp instructions (fewer at the end); see run_until."""
        return self.run_until(steps=n)

    def step_cycles(self, n):
        return self.run_until(cycles=n)

    def status(self):
        """Where the launch stands: 'running' (not started), a pause
        ('steps', 'breakpoint', ...) or an end ('done', 'deadlock', ...)."""
        return _stop_name(_sim_status(self._h)).decode()

    def cycle(self):
        return _sim_cycle(self._h)

    def on_retire(self, fn):
        """Call fn(Retire) for every issued warp instruction (None: stop)."""
        self._retire_keep = None
        if fn is None:
            _sim_on_retire(self._h, _RETIRE_FN(), None)
            return
        self._retire_keep = _RETIRE_FN(lambda _u, r: fn(Retire(r.contents)))
        status = _sim_on_retire(self._h, self._retire_keep, None)
        if status != SIMT_OK:
            raise Error(status, [])

    def instructions(self, **launch):
        """Start a launch (run()'s arguments) and yield its retired warp
        instructions one at a time, stepping as the caller iterates.
        RuntimeStop at the end when the launch stopped with an error."""
        got = []
        self.on_retire(got.append)
        try:
            self.start(**launch)
            while True:
                try:
                    why = self.step(1)
                except RuntimeStop:
                    yield from got  # the records up to the stop, then it
                    raise
                yield from got
                got.clear()
                if why not in ("steps", "cycles", "breakpoint", "sync"):
                    return
        finally:
            self.on_retire(None)

    # ---- inspection -----------------------------------------------------

    def warp(self, warp=0, cta=(0, 0, 0)):
        s = _WarpState()
        with _Call() as c:
            c.check(_sim_warp(self._h, _u3(cta), warp, ctypes.byref(s),
                              ctypes.byref(c.d)))
        return WarpState(s, {"status": _WARP_STATUS})

    def barrier(self, barrier=0, cta=(0, 0, 0)):
        s = _BarrierState()
        with _Call() as c:
            c.check(_sim_barrier(self._h, _u3(cta), barrier, ctypes.byref(s),
                                 ctypes.byref(c.d)))
        return BarrierState(s, {})

    def mbarrier(self, addr, cta=(0, 0, 0)):
        s = _MbarrierState()
        with _Call() as c:
            c.check(_sim_mbarrier(self._h, _u3(cta), addr, ctypes.byref(s),
                                  ctypes.byref(c.d)))
        return MbarrierState(s, {})

    def read_shared(self, offset, size, cta=(0, 0, 0)):
        buf = ctypes.create_string_buffer(size)
        with _Call() as c:
            c.check(_sim_read_shared(self._h, _u3(cta), offset, buf, size,
                                     ctypes.byref(c.d)))
        return buf.raw

    def reg(self, regfile, index, cta=(0, 0, 0), tid=(0, 0, 0)):
        """After a run or at a pause: register `index` of regfile 'R', 'P',
        'UR', 'UP', 'B' or 'PC' of thread tid of CTA cta."""
        v = ctypes.c_uint64()
        cta3 = (ctypes.c_uint32 * 3)(*(tuple(cta) + (0, 0, 0))[:3])
        tid3 = (ctypes.c_uint32 * 3)(*(tuple(tid) + (0, 0, 0))[:3])
        with _Call() as c:
            c.check(_sim_reg(self._h, cta3, tid3, REGFILES[regfile], index,
                             ctypes.byref(v), ctypes.byref(c.d)))
        return v.value
