#!/usr/bin/env node
// Thin launcher kept in git so the bin link exists before the first build.
import { main } from '../dist/cli.js';

process.exitCode = await main(process.argv);
