"""How a study scales with its worker processes: one `spieltisch simulate` per worker count, timed.

    python scripts/lab_scaling.py           # allegra, 4 players, 1600 games on 1, 2, 4, 8 and 16 workers
    python scripts/lab_scaling.py --workers 1,2 --games 400 --repeat 3

Prints a Markdown table (for docs/lab.md) with the machine it ran on: per
worker count the simulation's seconds (study.json: from the first game handed
out to the last saved), the speed-up over the first count and the parallel
efficiency (speed-up / workers, against one worker), and the seconds of the
whole command (start-up and the report with its plots included), and the
CPU seconds of all its processes (which work on a busy machine does not
change much: more CPU seconds with more workers is overhead). With
--repeat, the counts take turns (1, 2, 4, ..., 1, 2, 4, ...) and the fastest
run of each counts. Run it on an otherwise idle machine.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def machine() -> str:
    """The processor's name and the cores this process may use."""
    name = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                name = line.partition(":")[2].strip()
                break
    except OSError:
        pass
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return f"{name}, {cores} cores, Python {platform.python_version()}"


def cpu_seconds_of_children() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def run_once(args: argparse.Namespace, workers: int, out: Path) -> tuple[float, float, float]:
    """One study from scratch: (simulation seconds, whole command seconds, CPU seconds of its processes)."""
    command = [
        sys.executable, "-m", "spieltisch.cli", "simulate", args.game, "--players", str(args.players),
        "--games", str(args.games), "--bots", args.bots, "--seed", "1", "--workers", str(workers),
        "--fresh", "--out", str(out),
    ]  # fmt: skip
    start, cpu = time.perf_counter(), cpu_seconds_of_children()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    whole, cpu = time.perf_counter() - start, cpu_seconds_of_children() - cpu
    return float(json.loads((out / "study.json").read_text())["seconds"]), whole, cpu


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", default="allegra")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=1600)
    parser.add_argument("--bots", default="heuristic")
    parser.add_argument("--workers", default="1,2,4,8,16", help="worker counts, comma-separated")
    parser.add_argument("--repeat", type=int, default=1, help="runs per count; the fastest counts")
    args = parser.parse_args()
    counts = [int(count) for count in args.workers.split(",")]
    print(f"{args.game}, {args.players} players, {args.games} games of {args.bots} on {machine()}")
    best: dict[int, tuple[float, float, float]] = {}
    with tempfile.TemporaryDirectory(prefix="lab-scaling-") as folder:
        for _ in range(args.repeat):  # round after round, so a machine that gets busier slows every count
            for workers in counts:
                run = run_once(args, workers, Path(folder) / "study")
                best[workers] = min(run, best.get(workers, run))  # the run of the fastest simulation
                seconds = run[0]
                print(f"{workers} workers: {seconds:.2f} s", file=sys.stderr, flush=True)
    first = counts[0]
    print()
    print("| workers | simulation s | speed-up | efficiency | whole command s | CPU s |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: |")
    for workers in counts:
        seconds, whole, cpu = best[workers]
        speed_up = best[first][0] / seconds
        efficiency = speed_up * first / workers
        print(f"| {workers} | {seconds:.2f} | {speed_up:.2f}x | {efficiency:.0%} | {whole:.2f} | {cpu:.1f} |")


if __name__ == "__main__":
    main()
