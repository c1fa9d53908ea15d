"""The pack pipeline: which kinds a job writes, writing them safely (in a forked worker
alongside), the manifest, the size limits checked first, the zip bundle, and the event
command's documents. Imports every stage below it; the writers only on first use."""
