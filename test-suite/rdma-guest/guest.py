"""A QEMU guest with soft-RoCE, for what needs real RDMA on a machine
without an RDMA NIC: Debian's stock 6.1 kernel (its archive has it, with
the rdma_rxe driver) boots under QEMU's software emulation with 1 vCPU
(with 2, cross-vCPU wake-ups cost milliseconds) from an initramfs holding
the given programs at their host paths, their libraries, and rdma-core's
rxe provider. /init loads the modules, binds an rxe device to a dummy
netdev at 10.0.2.1 (rdma_cm does not work over `lo`), runs a shell script
and powers the guest off; the serial console is the result.

    guest = Guest(Path("build/rdma-guest"))          # downloads the kernel once
    out = guest.run(["build/bin/farmem-server", ...], "farmem-server --help")

Guest(cache, kernel=bzImage) boots a kernel built here instead (without
modules, so without soft-RoCE): kernel-patch/build-and-boot's patched one.
"""

import gzip
import os
import re
import shutil
import stat
import subprocess
from pathlib import Path

KERNEL_PACKAGE = re.compile(r"^(linux-image-6\.1\.0-(\d+)-amd64-unsigned) ")
# rdma_rxe computes ICRCs with the crypto API's crc32, a soft dependency.
MODULE_ROOTS = ["crc32_generic", "dummy", "rdma_rxe", "rdma_ucm", "ib_uverbs"]
RXE_PROVIDER = [
    "/etc/libibverbs.d/rxe.driver",
    "/usr/lib/x86_64-linux-gnu/libibverbs/librxe-rdmav34.so",
]
TOOLS = ["/usr/bin/busybox", "/usr/sbin/ip", "/usr/bin/rdma"]
GUEST_IP = "10.0.2.1"
READY = "FARHINT-GUEST-READY"
EXIT = "FARHINT-GUEST-EXIT"

INIT = f"""#!/usr/bin/busybox sh
/usr/bin/busybox mkdir -p /bb /proc /sys /dev /tmp /run
/usr/bin/busybox --install -s /bb
export PATH=/usr/sbin:/usr/bin:/bb HOME=/tmp
mount -t proc proc /proc; mount -t sysfs sys /sys; mount -t devtmpfs dev /dev
# /tmp stays the initramfs's own (writable): the build may live under it
if [ -s /modules ]; then
for m in $(cat /modules); do insmod /modules.d/$m.ko || echo "insmod $m failed"; done
ip link set lo up
ip link show dummy0 >/dev/null 2>&1 || ip link add dummy0 type dummy  # the module makes one
ip addr add {GUEST_IP}/24 dev dummy0 && ip link set dummy0 up
rdma link add rxe0 type rxe netdev dummy0 || echo "no rxe device"
fi
echo {READY}
cd /tmp
sh /test.sh
echo "{EXIT} $?"
poweroff -f
"""


class GuestError(RuntimeError):
    pass


def qemu():
    return shutil.which("qemu-system-x86_64")


def _cpio_entry(out, name, mode, data=b""):
    """One file of a newc archive (the format the kernel unpacks)."""
    name_bytes = name.encode() + b"\0"
    fields = [0, mode, 0, 0, 1, 0, len(data), 0, 0, 0, 0, len(name_bytes), 0]
    out.write(b"070701" + b"".join(b"%08X" % f for f in fields) + name_bytes)
    out.write(b"\0" * (-(110 + len(name_bytes)) % 4) + data + b"\0" * (-len(data) % 4))


def _module_depends(ko: Path):
    """The modules ko needs first (its .modinfo's depends=)."""
    found = re.search(rb"depends=([^\0]*)\0", ko.read_bytes())
    return [d for d in found.group(1).decode().split(",") if d] if found else []


def _shared_libraries(path: str):
    out = subprocess.run(["ldd", path], capture_output=True, text=True).stdout
    return re.findall(r"(/\S+) \(0x", out)


class Guest:
    def __init__(self, cache: Path, kernel: Path | None = None):
        self.cache = cache
        self.cache.mkdir(parents=True, exist_ok=True)
        self.vmlinuz, self.modules = (kernel, None) if kernel else self._kernel()

    def _kernel(self):
        """Debian's newest 6.1 kernel, unpacked in the cache."""
        root = self.cache / "kernel"
        if not list(root.glob("boot/vmlinuz-*")):
            listing = subprocess.run(
                ["apt-cache", "search", "--names-only", "^linux-image-6.1.0-.*-amd64-unsigned$"],
                capture_output=True,
                text=True,
            ).stdout
            found = [KERNEL_PACKAGE.match(line) for line in listing.splitlines()]
            names = sorted((int(m.group(2)), m.group(1)) for m in found if m)
            if not names:
                raise GuestError("Debian's archive lists no linux-image-6.1.0-*-amd64-unsigned")
            download = self.cache / "download"
            download.mkdir(exist_ok=True)
            got = subprocess.run(
                ["apt-get", "download", names[-1][1]], cwd=download, capture_output=True, text=True
            )
            debs = list(download.glob("linux-image-*.deb"))
            if got.returncode != 0 or not debs:
                raise GuestError(f"cannot download {names[-1][1]}: {got.stderr.strip()[-300:]}")
            subprocess.run(["dpkg-deb", "-x", str(debs[0]), str(root)], check=True)
            shutil.rmtree(download)
        vmlinuz = next(root.glob("boot/vmlinuz-*"))
        return vmlinuz, next(root.glob("lib/modules/*/kernel"))

    def _modules_in_order(self):
        if not self.modules:
            return []
        by_name = {ko.stem: ko for ko in self.modules.rglob("*.ko")}
        order = []

        def add(name):
            if name in order:
                return
            if name not in by_name:
                raise GuestError(f"the guest kernel has no module {name}")
            for dep in _module_depends(by_name[name]):
                add(dep)
            order.append(name)

        for root in MODULE_ROOTS:
            add(root)
        return [(name, by_name[name]) for name in order]

    def initramfs(self, files, script: str) -> Path:
        """An initramfs with files (and their libraries) at their host
        paths, the modules, /init and script as /test.sh."""
        wanted, links = set(), {}

        def add(path):  # a file, or a symbolic link and what it names
            path = os.path.join(os.path.realpath(os.path.dirname(path)), os.path.basename(path))
            if os.path.islink(path):
                links[path] = os.readlink(path)
                add(os.path.join(os.path.dirname(path), links[path]))
            else:
                wanted.add(path)

        tools = [*TOOLS, *RXE_PROVIDER] if self.modules else ["/usr/bin/busybox"]
        for f in [*tools, *map(str, files)]:
            if not os.path.exists(f):
                raise GuestError(f"{f} is missing on this machine")
            for each in [f, *_shared_libraries(f)]:
                add(each)
        everything = [*wanted, *links]
        dirs = sorted({str(p) for f in everything for p in Path(f).parents if str(p) != "/"})
        modules = self._modules_in_order()
        image = self.cache / "initramfs.gz"
        with gzip.open(image, "wb", compresslevel=1) as out:
            for d in ["usr", "modules.d"] + [d.lstrip("/") for d in dirs]:
                _cpio_entry(out, d, stat.S_IFDIR | 0o755)
            for link in ["bin", "sbin", "lib", "lib64"]:  # Debian's merged /usr
                _cpio_entry(out, link, stat.S_IFLNK | 0o777, b"usr/" + link.encode())
            for link, target in sorted(links.items()):
                _cpio_entry(out, link.lstrip("/"), stat.S_IFLNK | 0o777, target.encode())
            for f in sorted(wanted):
                _cpio_entry(out, f.lstrip("/"), stat.S_IFREG | 0o755, Path(f).read_bytes())
            for name, ko in modules:
                _cpio_entry(out, f"modules.d/{name}.ko", stat.S_IFREG | 0o644, ko.read_bytes())
            _cpio_entry(
                out, "modules", stat.S_IFREG | 0o644, " ".join(n for n, _ in modules).encode()
            )
            _cpio_entry(out, "init", stat.S_IFREG | 0o755, INIT.encode())
            _cpio_entry(out, "test.sh", stat.S_IFREG | 0o755, script.encode())
            _cpio_entry(out, "TRAILER!!!", 0)
        return image

    def run(self, files, script: str, timeout=600, memory_mib=2048, cpus=1) -> str:
        """script's output on the guest's console (with the kernel's log);
        GuestError if the guest did not come up or the script failed."""
        image = self.initramfs(files, script)
        cmd = [
            qemu(), "-m", str(memory_mib), "-smp", str(cpus), "-cpu", "max", "-nographic",
            "-no-reboot", "-kernel", str(self.vmlinuz), "-initrd", str(image),
            "-append", "console=ttyS0 quiet panic=-1 rdinit=/init",
        ]  # fmt: skip
        try:
            done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired as e:
            raise GuestError(f"the guest did not power off within {timeout} s: {e.stdout}") from e
        console = done.stdout.replace("\r\n", "\n")
        if READY not in console:
            raise GuestError(f"the guest did not come up:\n{console[-3000:]}")
        ended = re.search(rf"^{EXIT} (\d+)$", console, re.M)
        if not ended or ended.group(1) != "0":
            raise GuestError(f"the script failed in the guest:\n{console[-4000:]}")
        return console.split(READY, 1)[1].split(EXIT, 1)[0]
