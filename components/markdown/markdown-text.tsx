import { memo } from "react";
import ReactMarkdown, { defaultUrlTransform, type Components } from "react-markdown";
import rehypeSanitize from "rehype-sanitize";
import remarkGfm from "remark-gfm";
import { rehypeDiffMarks } from "../proposals/rehype-diff-marks";

/**
 * The one Markdown renderer of Briefs: read mode, comments, list rows, previews and the in-chat view.
 * CommonMark with GitHub tables, task lists, strikethrough and autolinks. Raw HTML is never parsed
 * into elements (react-markdown shows it as text unless told otherwise) and rehype-sanitize cleans
 * whatever the Markdown itself produces. Pure React, so the chat view bundles it too.
 */
type Props = {
  text: string;
  /** Section text is a block; a list row or a one-line note reads better without paragraph margins. */
  inline?: boolean;
  className?: string;
  /** The text carries a word diff's marks (components/proposals/word-diff.ts): show them as insertions and deletions. */
  diffMarks?: boolean;
};

function MarkdownTextOf({ text, inline = false, className, diffMarks = false }: Props) {
  return (
    <div className={["markdown", inline ? "markdown-inline" : "", className ?? ""].join(" ").trim()}>
      <ReactMarkdown remarkPlugins={[remarkGfm]} rehypePlugins={diffMarks ? [rehypeSanitize, rehypeDiffMarks] : [rehypeSanitize]} urlTransform={safeUrl} components={components}>
        {text}
      </ReactMarkdown>
    </div>
  );
}

/**
 * Parsing is the costly part of showing a brief (every section, row and note is Markdown), and a
 * live change re-renders the page while leaving nearly every text as it was: an unchanged text is
 * not parsed again.
 */
export const MarkdownText = memo(MarkdownTextOf);

/** A path to a file the app keeps with a brief (app/api/mcp/files/[fileId]): relative, so same origin. */
export function isBriefFile(src: string): boolean {
  return /^\/api\/mcp\/files\/[0-9a-f-]{36}$/.test(src);
}

/** Only http(s), mailto and relative links survive; javascript:, data:, vbscript: and the rest become nothing. */
export function safeUrl(url: string): string | null {
  const cleaned = defaultUrlTransform(url);
  return cleaned === "" ? null : cleaned;
}

const components: Components = {
  // Section text sits under the document's own h1 (title) and h2 (section), so its headings start at h3.
  h1: ({ children }) => <h3>{children}</h3>,
  h2: ({ children }) => <h4>{children}</h4>,
  h3: ({ children }) => <h5>{children}</h5>,
  h4: ({ children }) => <h6>{children}</h6>,
  h5: ({ children }) => <h6>{children}</h6>,
  a: ({ href, title, children }) =>
    href ? (
      <a href={href} title={title} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  // An image in a brief would load from anywhere on every view (a tracker, or content the author
  // cannot vouch for); it is shown as a link to the image instead. The exception is a file this app
  // keeps with the brief (an imported page's image): same origin, served only to the brief's readers.
  img: ({ src, alt }) =>
    typeof src === "string" && isBriefFile(src) ? (
      // eslint-disable-next-line @next/next/no-img-element -- a stored file of the brief, served by the app's own route.
      <img src={src} alt={alt ?? ""} loading="lazy" className="max-w-full rounded border border-slate-200" />
    ) : typeof src === "string" && src ? (
      <a href={src} target="_blank" rel="noopener noreferrer">
        {alt ? `Image: ${alt}` : "Image"}
      </a>
    ) : (
      <span>{alt}</span>
    ),
  // Wide tables scroll inside their own box, never the page.
  table: ({ children }) => (
    <div className="markdown-table">
      <table>{children}</table>
    </div>
  ),
};
