# The raw row read as the issue that set verify's goals measured it (docs/benchmarks.md, "bench:verify"):
# Python's sqlite3 reading every stored column of every event row, each row a tuple of Python values.
#   python3 bench/support/raw-read-python.py DB
# prints one JSON line in the shape of verify-layer.ts's Measured: n, seconds, cpuSeconds, maxRssKb.
import json
import resource
import sqlite3
import sys
import time

db = sqlite3.connect(f"file:{sys.argv[1]}?mode=ro", uri=True)
# Generated columns (log format 3) hold no bytes: left out, as the better-sqlite3 read leaves them out.
stored = [row[0] for row in db.execute("SELECT name FROM pragma_table_xinfo('events') WHERE hidden = 0")]
started, cpu_started = time.perf_counter(), time.process_time()
n = 0
for row in db.execute(f"SELECT {', '.join(stored)} FROM events"):
    if row:
        n += 1
seconds, cpu_seconds = time.perf_counter() - started, time.process_time() - cpu_started
db.close()
print(json.dumps({"n": n, "seconds": seconds, "cpuSeconds": cpu_seconds, "maxRssKb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}))
