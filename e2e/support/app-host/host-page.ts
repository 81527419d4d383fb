/**
 * A minimal MCP Apps host, run in the test browser (bundled by host-bundle.ts): what Claude, ChatGPT
 * or VS Code do with brief_show, reduced to the spec (modelcontextprotocol/ext-apps 2026-01-26). It
 * connects to /api/mcp with a token, calls the tool, reads its ui:// resource, and shows the view in a
 * sandbox proxy on another origin (localhost vs the app's 127.0.0.1), relaying messages through
 * AppBridge. What it sees is kept on `window.testHost` for the spec to read.
 */
import {
  AppBridge,
  getToolUiResourceUri,
  isToolVisibilityModelOnly,
  PostMessageTransport,
  RESOURCE_MIME_TYPE,
  type McpUiHostContext,
  type McpUiResourceCsp,
} from "@modelcontextprotocol/ext-apps/app-bridge";
import { Client, StreamableHTTPClientTransport, type CallToolResult, type Tool } from "@modelcontextprotocol/client";

export type TestHostRecord = {
  ready: boolean;
  error: string | null;
  /** tools/call requests the view made through the host. */
  toolCalls: Array<{ name: string; arguments: Record<string, unknown> }>;
  /** ui/update-model-context requests: what the model would be told. */
  modelContext: Array<{ content?: unknown; structuredContent?: unknown }>;
  /** The tools/call brief_show result the host passed to the view. */
  toolResult: CallToolResult | null;
};

const record: TestHostRecord = { ready: false, error: null, toolCalls: [], modelContext: [], toolResult: null };
Object.assign(window, { testHost: record });

const options = new URLSearchParams(location.hash.slice(1));
const token = options.get("token")!;
const briefId = options.get("briefId")!;
const sandboxOrigin = options.get("sandboxOrigin")!;
/** light or dark as a host's theme; anything else: a host that gives none (the view then follows the system). */
const theme = ({ light: "light", dark: "dark" } as const)[options.get("theme") ?? ""];

run().catch((error: unknown) => {
  record.error = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
});

async function run(): Promise<void> {
  if (theme) document.documentElement.dataset.theme = theme;
  const client = new Client(
    { name: "briefs-test-host", version: "1.0.0" },
    // Hosts that render apps say so (the server is stateless and never looks, but a host does this).
    { capabilities: { extensions: { "io.modelcontextprotocol/ui": { mimeTypes: [RESOURCE_MIME_TYPE] } } } },
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL("/api/mcp", location.origin), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }),
  );
  const { tools } = await client.listTools();
  const tool = tools.find((candidate) => candidate.name === "brief_show");
  const uri = tool && getToolUiResourceUri(tool);
  if (!uri) throw new Error("brief_show has no ui:// view");

  const input = { briefId };
  const result = client.callTool({ name: "brief_show", arguments: input }) as Promise<CallToolResult>;
  const { html, csp } = await readView(client, uri);

  const frame = document.getElementById("app-frame") as HTMLIFrameElement;
  await loadSandbox(frame, csp);

  const hostContext: McpUiHostContext = {
    ...(theme && { theme }),
    platform: "web",
    displayMode: "inline",
    availableDisplayModes: ["inline"],
    containerDimensions: { maxHeight: 4000, maxWidth: 800 },
    locale: "en-GB",
  };
  const bridge = new AppBridge(client, { name: "Briefs test host", version: "1.0.0" }, { serverTools: {}, updateModelContext: { text: {} }, logging: {} }, { hostContext });
  bridge.onupdatemodelcontext = async (params) => {
    record.modelContext.push(params);
    return {};
  };
  bridge.onsizechange = ({ height }) => {
    if (height !== undefined) frame.style.height = `${height}px`;
  };
  bridge.oninitialized = () => {
    void bridge.sendToolInput({ arguments: input });
    result.then(
      (answer) => {
        record.toolResult = answer;
        void bridge.sendToolResult(answer).then(() => (record.ready = true));
      },
      (error: unknown) => void bridge.sendToolCancelled({ reason: String(error) }),
    );
  };
  await bridge.connect(new PostMessageTransport(frame.contentWindow!, frame.contentWindow!));
  // Given a client, connect() installs a plain forwarder for the view's tools/call, which applies no
  // visibility; a host must, so it is replaced here, before the view can call anything.
  bridge.oncalltool = async (params) => {
    record.toolCalls.push({ name: params.name, arguments: { ...(params.arguments ?? {}) } });
    const called = tools.find((candidate: Tool) => candidate.name === params.name);
    if (!called || isToolVisibilityModelOnly(called)) throw new Error(`${params.name} is not available to the view`);
    return (await client.callTool(params)) as CallToolResult;
  };
  await bridge.sendSandboxResourceReady({ html, csp });
}

async function readView(client: Client, uri: string): Promise<{ html: string; csp: McpUiResourceCsp | undefined }> {
  const { contents } = await client.readResource({ uri });
  const content = contents[0] as { mimeType?: string; text?: string; _meta?: { ui?: { csp?: McpUiResourceCsp } } };
  if (contents.length !== 1 || content.mimeType !== RESOURCE_MIME_TYPE || typeof content.text !== "string") {
    throw new Error(`${uri} is not one ${RESOURCE_MIME_TYPE} text`);
  }
  return { html: content.text, csp: content._meta?.ui?.csp };
}

/** Loads the sandbox proxy (sandbox-proxy.ts) with the view's CSP as its header; resolves when it is ready. */
function loadSandbox(frame: HTMLIFrameElement, csp: McpUiResourceCsp | undefined): Promise<void> {
  frame.setAttribute("sandbox", "allow-scripts allow-same-origin allow-forms");
  const ready = new Promise<void>((resolve) => {
    const listener = (event: MessageEvent) => {
      if (event.source === frame.contentWindow && event.data?.method === "ui/notifications/sandbox-proxy-ready") {
        window.removeEventListener("message", listener);
        resolve();
      }
    };
    window.addEventListener("message", listener);
  });
  const url = new URL("/__mcp-app-sandbox", sandboxOrigin);
  url.searchParams.set("host", location.origin);
  url.searchParams.set("csp", JSON.stringify(csp ?? {}));
  frame.src = url.href;
  return ready;
}
