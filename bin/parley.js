#!/usr/bin/env node
// Entry point of the `parley` command; runs the compiled CLI (built by `npm install` via the prepare script).
import '../dist/cli/main.js'
