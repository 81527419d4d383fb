import "./zod-without-eval";
import { App, applyDocumentTheme, applyHostFonts, applyHostStyleVariables, type McpUiHostContext } from "@modelcontextprotocol/ext-apps";
import { createRoot } from "react-dom/client";
import "@/components/markdown/markdown.css";
import "./chat-view.css";
import { BriefViewApp } from "./brief-view-app";
import { ViewSession } from "./view-session";

/**
 * The in-chat view of brief_show. Everything reaches Briefs through the host (app.callServerTool
 * over postMessage): the view holds no token and opens no connection of its own.
 */
const app = new App({ name: "Briefs brief view", version: "1.0.0" }, {}, { autoResize: true });

const session = new ViewSession({
  callTool: (name, args) => app.callServerTool({ name, arguments: args }),
  tellModel: async (text) => {
    await app.updateModelContext({ content: [{ type: "text", text }] });
  },
  newKey: () => crypto.randomUUID(),
});

// Before connect: the host sends the tool's input and result right after the handshake.
app.ontoolinput = (params) => session.receiveInput(params.arguments);
app.ontoolresult = (result) => void session.receiveResult(result);
app.ontoolcancelled = (params) => session.receiveCancel(params.reason);
app.onhostcontextchanged = (context) => followHost(context);

/** The host's theme, colours and fonts where it gives them; otherwise the CSS follows prefers-color-scheme. */
function followHost(context: McpUiHostContext | undefined): void {
  if (context?.theme) applyDocumentTheme(context.theme);
  if (context?.styles?.variables) applyHostStyleVariables(context.styles.variables);
  if (context?.styles?.css?.fonts) applyHostFonts(context.styles.css.fonts);
}

createRoot(document.getElementById("root")!).render(<BriefViewApp session={session} />);

app.connect().then(
  () => followHost(app.getHostContext()),
  () => session.hostUnavailable(),
);
