import { Button } from "../ui/button";

export type ChosenFile = { name: string; size: number; messages: string[] };

/** The files of the import with what was said about each one, and a way to take one out. */
export function ChosenFiles({ files, onRemove, disabled }: { files: ChosenFile[]; onRemove: (name: string) => void; disabled: boolean }) {
  if (files.length === 0) return null;
  return (
    <ul aria-label="Chosen files" className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {files.map((file) => (
        <li key={file.name} data-testid="chosen-file" className="space-y-1 px-3 py-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="min-w-0 wrap-anywhere text-sm font-medium text-slate-800">
              {file.name} <span className="font-normal text-slate-500">· {formatSize(file.size)}</span>
            </span>
            <Button type="button" variant="ghost" className="px-2 py-1" disabled={disabled} aria-label={`Remove ${file.name}`} onClick={() => onRemove(file.name)}>
              Remove
            </Button>
          </div>
          {file.messages.length > 0 && (
            <ul className="space-y-0.5 text-sm text-rose-700" aria-label={`Problems with ${file.name}`}>
              {file.messages.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
