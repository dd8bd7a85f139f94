// Issue 33, acceptance "tool descriptions reviewed against what the tools return": what a model reads of each tool
// (its modelDescription and the description of each input field) held to what can be checked without the sandbox —
// the tools it names exist, the request count it states is the count the tool declares (and the integration suites
// pin), and it stays plain text of a bounded length. That every input field is described needs no test here: the
// type of `describe` forces a key per field, and `npm run manifest` refuses a schema whose fields differ from them.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ToolAbout } from '../../../src/host/agents/toolDefinition';
import { ToolName } from '../../../src/host/agents/toolNames';
import { toolLoaders } from '../../../src/host/agents/toolRegistry';

/**
 * The longest modelDescription and field description. The editor sends every tool's modelDescription and input
 * schema with each chat request, used or not: all 15 are about 7,200 characters (~1,800 tokens) of every prompt.
 * The longest today are about 750 (Retry Queue Items) and 130 (the idea tools' connection); the caps leave room for
 * a clause, so growth past them is a decision (say less elsewhere), not drift.
 */
const MODEL_DESCRIPTION_MAX = 800;
const FIELD_DESCRIPTION_MAX = 160;
/** All modelDescriptions together (the share of every prompt). */
const ALL_DESCRIPTIONS_MAX = 8_000;

/** "Sends 3 requests", "Sends at most 2 requests": the count a call sends, or its maximum where it varies. */
const SENDS = /\bSends (at most )?(\d+) requests?\b/g;
/** Any count of requests a description states ("in 1–2 requests", "2 requests"). */
const ANY_COUNT = /(\d+)(?:\s*[–-]\s*(\d+))? requests?\b/g;
/** A tool name as models call it. */
const TOOL_NAME = /\borchestrator_[A-Za-z]+\b/g;
/** Markup a model could read as structure, line breaks and control characters: descriptions are one plain line. */
// eslint-disable-next-line no-control-regex
const NOT_PLAIN = /[`*#<>[\]|\u0000-\u001f\u007f]/;

const known = new Set<string>(Object.values(ToolName));

async function allAbout(): Promise<ToolAbout[]> {
  return Promise.all(Object.values(ToolName).map(async (name) => (await toolLoaders[name]()).about));
}

/** Every .ts file under a folder. */
function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourcesUnder(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

describe('Language-model tool descriptions', () => {
  it('name only tools that exist, in the descriptions and in the answers the tools write', async () => {
    for (const about of await allAbout())
      for (const text of [about.modelDescription, ...Object.values(about.describe)])
        for (const [name] of text.matchAll(TOOL_NAME))
          assert.ok(known.has(name), `${about.name} names ${name}, which is no tool`);
    // Result texts are written in the tools' code: every tool name spelled there is one too.
    for (const file of sourcesUnder(join(__dirname, '../../../src/host/agents')))
      for (const [name] of readFileSync(file, 'utf8').matchAll(TOOL_NAME))
        assert.ok(known.has(name), `${file} names ${name}, which is no tool`);
  });

  it('state the requests a call sends, as many as the tool declares (the integration suites count them)', async () => {
    for (const about of await allAbout()) {
      const sends = [...about.modelDescription.matchAll(SENDS)];
      assert.equal(sends.length, 1, `${about.name}: one "Sends N requests" sentence in: ${about.modelDescription}`);
      assert.equal(Number(sends[0]![2]), about.requests, `${about.name}: ${sends[0]![0]}, declares ${about.requests}`);
      for (const [phrase, low, high] of about.modelDescription.matchAll(ANY_COUNT))
        assert.ok(Number(high ?? low) <= about.requests, `${about.name}: "${phrase}" is more than ${about.requests}`);
    }
  });

  it('are plain text, one line each, within a length a prompt can carry every time', async () => {
    const all = await allAbout();
    for (const about of all) {
      assert.doesNotMatch(about.modelDescription, NOT_PLAIN, about.name);
      assert.ok(
        about.modelDescription.length <= MODEL_DESCRIPTION_MAX,
        `${about.name}: ${about.modelDescription.length} characters`,
      );
      for (const [field, text] of Object.entries(about.describe)) {
        assert.doesNotMatch(text, NOT_PLAIN, `${about.name}.${field}`);
        assert.ok(text.length > 0 && text.length <= FIELD_DESCRIPTION_MAX, `${about.name}.${field}: ${text.length}`);
      }
    }
    const total = all.reduce((sum, about) => sum + about.modelDescription.length, 0);
    assert.ok(total <= ALL_DESCRIPTIONS_MAX, `${total} characters in all`);
  });
});
