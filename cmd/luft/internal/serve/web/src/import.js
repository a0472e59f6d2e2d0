// The import dialog: a game pasted or opened from a PGN file becomes an
// analysis game on the server, ready to review.
import * as api from './api.js';
import { $ } from './state.js';
import { replaceGame } from './game.js';

export function setupImport() {
  const dialog = $('import-dialog');
  $('btn-import').addEventListener('click', () => {
    $('import-error').textContent = '';
    dialog.showModal();
  });
  $('import-file').addEventListener('change', async (e) => {
    const file = e.target.files[0];
    if (file) $('import-text').value = await file.text();
  });
  $('import-form').addEventListener('submit', async (e) => {
    if (e.submitter && e.submitter.value === 'cancel') return;
    e.preventDefault();
    try {
      await replaceGame(() => api.importPGN($('import-text').value));
      dialog.close();
    } catch (err) {
      $('import-error').textContent = err.message;
    }
  });
}
