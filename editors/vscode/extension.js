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

// What the server reads from `initializationOptions`: the main file and the inlay hints.
function initializationOptions(config) {
  const options = {
    inlayHints: {
      balances: config.get('inlayHints.balances'),
      envelopes: config.get('inlayHints.envelopes'),
    },
  };
  const root = config.get('root');
  if (root) options.root = root;
  return options;
}

async function start(context) {
  const config = vscode.workspace.getConfiguration('tally');
  client = new LanguageClient('tally', 'Tally', serverOptions(), {
    documentSelector: [{ language: 'tally' }],
    initializationOptions: initializationOptions(config),
    synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher('**/*.tally') },
  });
  await client.start();
  context.subscriptions.push(client);
}

async function activate(context) {
  context.subscriptions.push(vscode.commands.registerCommand('tally.restartServer', async () => {
    if (client) await client.stop();
    await start(context);
  }));
  context.subscriptions.push(vscode.workspace.onDidChangeConfiguration(async (event) => {
    if (['tally.server', 'tally.root', 'tally.inlayHints'].some((key) => event.affectsConfiguration(key))) {
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
