-- Tally for Neovim: starts `tally lsp` for Tally buffers.
--
--   require("tally").setup()                        -- defaults
--   require("tally").setup({ cmd = { "/path/to/tally", "lsp" }, inlay_hints = false })
--   require("tally").setup({ init_options = { root = "main.tally" } })
--
-- `init_options` go to the server as initializationOptions (root, debounceMilliseconds,
-- inlayHints = { balances, envelopes }); `inlay_hints = false` turns both hints off.
--
-- With nvim-lspconfig installed, the server is registered there (as `tally`), so
-- `:LspInfo` and lspconfig's commands know it. Without it, `tally.lsp` starts it with
-- plain `vim.lsp.start` (Neovim 0.8+), or `vim.lsp.start_client` on 0.7. Filetype detection, syntax and the
-- ftplugin live in this folder's ftdetect/, syntax/ and ftplugin/.
local M = {}

M.defaults = {
  cmd = { "tally", "lsp" },
  filetypes = { "tally" },
  root_markers = { ".git" },
  inlay_hints = true,
  init_options = {},
  settings = {},
}

-- The initializationOptions for a configuration.
local function init_options(config)
  local options = vim.deepcopy(config.init_options or {})
  if config.inlay_hints == false then
    options.inlayHints = { balances = false, envelopes = false }
  end
  return options
end

-- Starts (or reuses) the client for one buffer with plain vim.lsp, through tally.lsp.
local function start_plain(config, bufnr)
  require("tally.lsp").attach(bufnr, { cmd = config.cmd, init_options = init_options(config) })
end

local function setup_lspconfig(config, lspconfig)
  local configs = require("lspconfig.configs")
  if not configs.tally then
    configs.tally = {
      default_config = {
        cmd = config.cmd,
        filetypes = config.filetypes,
        root_dir = lspconfig.util.root_pattern(unpack(config.root_markers)),
        single_file_support = true,
        init_options = init_options(config),
        settings = config.settings,
      },
      docs = { description = "Tally budgets: `tally lsp`" },
    }
  end
  lspconfig.tally.setup({})
end

--- Registers the Tally language server for Tally buffers.
--- @param opts table|nil overrides of M.defaults; `use_lspconfig = false` forces plain vim.lsp
function M.setup(opts)
  local config = vim.tbl_deep_extend("force", M.defaults, opts or {})
  M.config = config
  vim.filetype = vim.filetype or {}
  if vim.filetype.add then
    vim.filetype.add({ extension = { tally = "tally" } })
  end
  local ok, lspconfig = pcall(require, "lspconfig")
  if ok and config.use_lspconfig ~= false then
    setup_lspconfig(config, lspconfig)
    return "lspconfig"
  end
  local group = vim.api.nvim_create_augroup("tally_lsp", { clear = true })
  vim.api.nvim_create_autocmd("FileType", {
    group = group,
    pattern = config.filetypes,
    callback = function(args)
      start_plain(config, args.buf)
    end,
  })
  -- Buffers opened before setup() ran.
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(bufnr) and vim.tbl_contains(config.filetypes, vim.bo[bufnr].filetype) then
      start_plain(config, bufnr)
    end
  end
  return "vim.lsp"
end

return M
