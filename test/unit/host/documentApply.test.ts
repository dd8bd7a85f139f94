// Apply to Service saves a dirty document first (saving keeps the draft; it sends nothing). With the editor's default
// auto-save, the document may be stored between the dirty check and save(), which then answers false (and the editor
// may tell the extension it is clean only a moment later): Apply must go on.
import assert from 'node:assert/strict';
import { saveIfDirty } from '../../../src/host/documents/documentApply';

/** A document whose save() answers `answer`, after which it is dirty or not as `dirtyAfter` says. */
const document = (answer: boolean, dirtyAfter: boolean) => {
  const doc = { isDirty: true, saves: 0, save: async () => (doc.saves++, (doc.isDirty = dirtyAfter), answer) };
  return doc;
};

describe('Apply saves the draft first', () => {
  it('goes on when auto-save stored the text as save() was called (save answers false, nothing left unsaved)', async () => {
    const raced = document(false, false);
    await saveIfDirty(raced);
    assert.equal(raced.saves, 1);
  });

  it('goes on when this side hears of that save only after save() answered', async () => {
    const told = document(false, true);
    setTimeout(() => (told.isDirty = false), 120);
    await saveIfDirty(told, 1_000);
    assert.equal(told.saves, 1);
  });

  it('stops, keeping the text, only when the text is still unsaved afterwards', async () => {
    await assert.rejects(saveIfDirty(document(false, true), 200), /could not be saved as a draft.*still in the editor/);
  });

  it('saves a dirty document once, and leaves a clean one (or none) alone', async () => {
    const dirty = document(true, false);
    await saveIfDirty(dirty);
    assert.equal(dirty.saves, 1);
    const clean = { ...document(true, false), isDirty: false };
    await saveIfDirty(clean);
    assert.equal(clean.saves, 0);
    await saveIfDirty(undefined);
  });
});
