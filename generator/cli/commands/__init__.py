"""The commands of `cvsite`, a module per group: each adds its parsers to the command line
(`add`) and holds the functions they run, which turn arguments into one call of the package
that does the work and print what it returns. Each imports that package when it runs, so
`cvsite --version` and `--help` import none of them."""
