"""Peak resident memory of `soundcheck validate` over a folder: bench_rss.py SOUNDCHECK FOLDER"""
import resource
import subprocess
import sys

subprocess.run([sys.argv[1], "validate", "--format", "json", sys.argv[2]], stdout=subprocess.DEVNULL,
               stderr=subprocess.DEVNULL)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
