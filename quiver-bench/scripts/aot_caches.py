# SPDX-License-Identifier: Apache-2.0
"""Waits for the ahead-of-time caches that the `quiver` launcher trains in the background after a build
(README, "ahead-of-time cache"): figures taken without them, or beside their training, would not be a
user's. Shared by the benchmark scripts that run `./quiver` as a user does."""
import os
import subprocess
import sys
import time


def wait_for(quiver, caches, timeout=900):
    """Builds `quiver` if needed, then for each (name, trigger) in `caches` runs `trigger` (a command line
    that makes the launcher start training cache `name` if it is stale, e.g. `convert --help in.csv`) until
    quiver-cli/target/NAME is newer than the CLI's jar and no training holds its lock."""
    subprocess.run([quiver, "--version"], check=True, capture_output=True)
    target = os.path.join(os.path.dirname(os.path.abspath(quiver)), "quiver-cli", "target")
    jar = os.path.join(target, "quiver-cli-0.1.0-SNAPSHOT.jar")
    deadline = time.monotonic() + timeout
    for name, trigger in caches:
        cache = os.path.join(target, name)
        while not (os.path.exists(cache) and os.path.getmtime(cache) >= os.path.getmtime(jar)
                   and not os.path.exists(cache + ".lock")):
            if not os.path.exists(cache + ".lock"):
                subprocess.run(trigger, check=True, capture_output=True)
            if time.monotonic() > deadline:
                sys.exit(f"no ahead-of-time cache at {cache} after {timeout} s")
            time.sleep(2)
