-- Starts `tally lsp` for Tally buffers. Works with Neovim 0.7 (vim.lsp.start_client) and
-- later (vim.lsp.start). Usage, in init.lua:
--   require('tally.lsp').setup()                       -- defaults
--   require('tally.lsp').setup({ cmd = { 'tally', 'lsp' }, init_options = { root = 'main.tally' } })
local M = {}

local defaults = {
  cmd = { 'tally', 'lsp' },
  filetypes = { 'tally' },
  -- Sent as initializationOptions: root, debounceMilliseconds, inlayHints = { envelopes, balances }.
  init_options = {},
}

-- The folder to treat as the workspace: the nearest one above the file holding a .git
-- folder, else the file's own folder.
local function root_dir(path)
  local dir = vim.fn.fnamemodify(path, ':p:h')
  local found = vim.fn.finddir('.git', dir .. ';')
  if found ~= '' then return vim.fn.fnamemodify(found, ':p:h:h') end
  return dir
end

local clients = {}

--- Attaches `tally lsp` to buffer `bufnr` (the current one when nil), starting it once per
--- workspace folder. Returns the client id.
function M.attach(bufnr, opts)
  opts = vim.tbl_deep_extend('force', defaults, M.options or {}, opts or {})
  bufnr = bufnr or vim.api.nvim_get_current_buf()
  local root = root_dir(vim.api.nvim_buf_get_name(bufnr))
  local config = {
    name = 'tally',
    cmd = opts.cmd,
    root_dir = root,
    workspace_folders = { { uri = vim.uri_from_fname(root), name = root } },
    init_options = opts.init_options,
  }
  if vim.lsp.start then
    return vim.lsp.start(config, { bufnr = bufnr })
  end
  local id = clients[root]
  if not id or vim.lsp.client_is_stopped(id) then
    id = vim.lsp.start_client(config)
    clients[root] = id
  end
  vim.lsp.buf_attach_client(bufnr, id)
  return id
end

--- Starts the server for every buffer of the Tally filetype.
function M.setup(opts)
  M.options = opts or {}
  local group = vim.api.nvim_create_augroup('TallyLsp', { clear = true })
  vim.api.nvim_create_autocmd('FileType', {
    group = group,
    pattern = (M.options.filetypes or defaults.filetypes),
    callback = function(args) M.attach(args.buf) end,
  })
end

return M
