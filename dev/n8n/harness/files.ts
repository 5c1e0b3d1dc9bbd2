/** Reading the log files the harness and n8n write. */
import * as fs from 'node:fs';

/**
 * The bytes of a file from byte `offset` on (a negative offset counts back from its end); empty
 * when the file is missing or has nothing there.
 */
export function readFrom(file: string, offset: number): Buffer {
	try {
		const fd = fs.openSync(file, 'r');
		try {
			const size = fs.fstatSync(fd).size;
			const start = offset < 0 ? Math.max(0, size + offset) : offset;
			if (size <= start) return Buffer.alloc(0);
			const buf = Buffer.alloc(size - start);
			fs.readSync(fd, buf, 0, buf.length, start);
			return buf;
		} finally {
			fs.closeSync(fd);
		}
	} catch {
		return Buffer.alloc(0);
	}
}

/** The last `lines` lines of a text (or of a file, when given a path that exists). */
export function tail(textOrFile: string, lines = 60): string {
	let text = textOrFile;
	if (!textOrFile.includes('\n') && textOrFile.startsWith('/') && fs.existsSync(textOrFile)) {
		text = readFrom(textOrFile, -256 * 1024).toString('utf8');
	}
	return text.split('\n').slice(-lines).join('\n');
}
