"""The lab: matches between bots, statistics and speed benchmarks."""
