// The Tally extension: starts `tally lsp` for .tally files. Highlighting comes from the
// TextMate grammar in syntaxes/; everything else (diagnostics, formatting, hovers,
// inlay hints) from the language server.
'use strict';

const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

let client;

function serverOptions() {
  const config = vscode.workspace.getConfiguration('tally');
  const command = config.get('server.path') || 'tally';
  const args = ['lsp', ...(config.get('server.extraArgs') || [])];
  return { command, args };
}

async function start(context) {
  const config = vscode.workspace.getConfiguration('tally');
  client = new LanguageClient('tally', 'Tally', serverOptions(), {
    documentSelector: [{ language: 'tally' }],
    initializationOptions: { inlayHints: config.get('inlayHints.enabled') },
    synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher('**/*.tally') },
  });
  await client.start();
  context.subscriptions.push(client);
}

async function activate(context) {
  context.subscriptions.push(vscode.workspace.onDidChangeConfiguration(async (event) => {
    if (event.affectsConfiguration('tally.server') || event.affectsConfiguration('tally.inlayHints')) {
      if (client) await client.stop();
      await start(context);
    }
  }));
  try {
    await start(context);
  } catch (error) {
    vscode.window.showErrorMessage(
      `Tally: could not start \`tally lsp\` (${error.message}). Set "tally.server.path" to the tally executable.`);
  }
}

async function deactivate() {
  if (client) await client.stop();
}

module.exports = { activate, deactivate };
