#!/usr/bin/env node
// Reference peer: parses many query strings with the WHATWG URLSearchParams of Node.
//
// Reads a JSON array of query strings from standard input and writes a JSON array with, for each
// query, the list of its [name, value] pairs as `new URLSearchParams(query)` yields them. Names and
// values are written as the hexadecimal of their UTF-8 bytes, so the comparison in Swift is byte
// for byte.
'use strict';

const chunks = [];
process.stdin.on('data', (chunk) => chunks.push(chunk));
process.stdin.on('end', () => {
    const queries = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const hex = (text) => Buffer.from(text, 'utf8').toString('hex');
    const results = queries.map((query) => Array.from(new URLSearchParams(query), ([name, value]) => [hex(name), hex(value)]));
    process.stdout.write(JSON.stringify(results));
});
