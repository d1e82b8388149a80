-- End-to-end check of `tally lsp` under a real Neovim, run by NeovimTests.swift:
--   nvim --headless -u NONE -i NONE --cmd 'set rtp+=editors/nvim' -l / -c 'luafile Tests/Neovim/e2e.lua'
-- Reads TALLY_BIN, TALLY_FILE and TALLY_OUT from the environment, writes `key: value` lines.
local out = {}
local function report(key, value) table.insert(out, key .. ': ' .. tostring(value)) end
local function finish()
  vim.fn.writefile(out, os.getenv('TALLY_OUT'))
  vim.cmd('qall!')
end

local ok, err = pcall(function()
  vim.cmd('edit ' .. vim.fn.fnameescape(os.getenv('TALLY_FILE')))
  local bufnr = vim.api.nvim_get_current_buf()
  local lsp = require('tally.lsp')
  local id = lsp.attach(bufnr, { cmd = { os.getenv('TALLY_BIN'), 'lsp', '--debounce', '20', '--today', '2026-11-22' } })
  report('attached', id ~= nil)

  -- Diagnostics arrive on their own after the file is opened.
  local got = vim.wait(15000, function() return #vim.diagnostic.get(bufnr) > 0 end, 20)
  report('diagnostics arrived', got)
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    report('diagnostic', string.format('%d:%d %s', d.lnum + 1, d.col + 1, d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code) or '?'))
  end

  -- Hover on the wallet name in the first transaction (line 6, column 22).
  local hover = vim.lsp.buf_request_sync(bufnr, 'textDocument/hover', {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) }, position = { line = 5, character = 21 },
  }, 10000)
  for _, response in pairs(hover or {}) do
    if response.result then
      local value = response.result.contents.value or ''
      report('hover', (value:gsub('\n', ' | ')))
    end
  end

  -- Format the whole buffer and apply the edits.
  local formatting = vim.lsp.buf_request_sync(bufnr, 'textDocument/formatting', {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) }, options = { tabSize = 4, insertSpaces = true },
  }, 10000)
  for _, response in pairs(formatting or {}) do
    if response.result then
      report('format edits', #response.result)
      vim.lsp.util.apply_text_edits(response.result, bufnr, 'utf-16')
    end
  end
  report('line 2 after format', vim.api.nvim_buf_get_lines(bufnr, 1, 2, false)[1])

  -- Rename the wallet everywhere.
  local line3 = vim.api.nvim_buf_get_lines(bufnr, 1, 2, false)[1]
  local column = line3:find('Checking') - 1
  local rename = vim.lsp.buf_request_sync(bufnr, 'textDocument/rename', {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) }, position = { line = 1, character = column }, newName = 'Girokonto',
  }, 10000)
  for _, response in pairs(rename or {}) do
    if response.result then vim.lsp.util.apply_workspace_edit(response.result, 'utf-16') end
    if response.err then report('rename error', response.err.message) end
  end
  local text = table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), '\n')
  local _, renamed = text:gsub('Girokonto', '')
  report('renamed occurrences', renamed)

  -- Fix the misspelled wallet; its diagnostic must go away.
  vim.api.nvim_buf_set_lines(bufnr, 6, 7, false, { (vim.api.nvim_buf_get_lines(bufnr, 6, 7, false)[1]:gsub('Chekcing', 'Girokonto')) })
  local cleared = vim.wait(15000, function() return #vim.diagnostic.get(bufnr) == 0 end, 20)
  report('diagnostics cleared', cleared)
end)
if not ok then report('error', err) end
finish()
