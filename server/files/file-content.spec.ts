import { describe, expect, it } from 'vitest';
import { jpegWithMetadata, SAMPLE_JPEG, samplePdf } from '../../test/fixtures/files.js';
import { launchBrowser } from '../../test/fixtures/browser.js';
import { detectKind, InvalidJpegError, stripJpegMetadata } from './file-content.js';

describe('detectKind (magic bytes)', () => {
  it('knows a PDF and a JPEG by their first bytes, whatever they are called', () => {
    expect(detectKind(samplePdf())).toBe('pdf');
    expect(detectKind(SAMPLE_JPEG)).toBe('jpeg');
  });

  it('knows the photo formats a phone or gallery hands over, and HEIC (to refuse it with its own message)', () => {
    expect(detectKind(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))).toBe('png');
    expect(detectKind(Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'))).toBe('webp');
    expect(detectKind(Buffer.from('\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic', 'latin1'))).toBe('heic');
    expect(detectKind(Buffer.from('\x00\x00\x00\x18ftypmif1\x00\x00\x00\x00mif1heic', 'latin1'))).toBe('heic');
    // AVIF shares the container but is not an iPhone photo: neither taken nor called HEIC
    expect(detectKind(Buffer.from('\x00\x00\x00\x1cftypavif\x00\x00\x00\x00avifmif1', 'latin1'))).toBeNull();
    expect(detectKind(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'))).toBeNull();
    expect(detectKind(Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt ', 'latin1'))).toBeNull();
  });

  it('knows neither an empty file, a script, HTML nor text', () => {
    for (const text of [
      '',
      '#!/bin/sh\nrm -rf /\n',
      '<script>alert(1)</script>',
      '<html><body>%PDF-</body></html>',
      ' %PDF-1.4',
    ]) {
      expect(detectKind(Buffer.from(text))).toBeNull();
    }
    expect(detectKind(Buffer.from([0xff, 0xd8]))).toBeNull();
  });
});

describe('stripJpegMetadata', () => {
  const stripped = stripJpegMetadata(jpegWithMetadata(6));
  const text = stripped.toString('latin1');

  it('removes EXIF with GPS, XMP, IPTC, comments and what follows the end of the image', () => {
    for (const secret of ['SecretPhone', 'GPSLatitude', 'xmpmeta', 'Photoshop', 'Secret Street', 'SECONDARY-IMAGE']) {
      expect(jpegWithMetadata(6).toString('latin1')).toContain(secret);
      expect(text).not.toContain(secret);
    }
    expect(stripped.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
  });

  it('keeps JFIF, the colour profile and the orientation (as the only EXIF tag)', () => {
    expect(text).toContain('JFIF');
    expect(text).toContain('ICC_PROFILE');
    const exif = text.indexOf('Exif\0\0MM');
    expect(exif).toBeGreaterThan(0);
    // IFD0 of the new EXIF: one entry, tag 0x0112 (Orientation), value 6
    const ifd = stripped.subarray(exif + 6 + 8);
    expect(ifd.readUInt16BE(0)).toBe(1);
    expect(ifd.readUInt16BE(2)).toBe(0x0112);
    expect(ifd.readUInt16BE(10)).toBe(6);
  });

  it('leaves a clean JPEG byte for byte as it was', () => {
    expect(stripJpegMetadata(SAMPLE_JPEG).equals(SAMPLE_JPEG)).toBe(true);
    expect(stripJpegMetadata(jpegWithMetadata(1)).equals(SAMPLE_JPEG)).toBe(true);
  });

  it('refuses a file that only starts like a JPEG', () => {
    expect(() =>
      stripJpegMetadata(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x40, 0x00]), Buffer.from('junk')])),
    ).toThrow(InvalidJpegError);
    expect(() => stripJpegMetadata(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toThrow(InvalidJpegError);
  });

  it('still decodes in a browser, upright for a rotated photo', async () => {
    const b = await launchBrowser();
    try {
      const page = await b.browser.newPage();
      const size = async (bytes: Buffer) => {
        await page.setContent(`<img id="i" src="data:image/jpeg;base64,${bytes.toString('base64')}">`);
        return page.evaluate<[number, number]>(
          "(async () => { const i = document.getElementById('i'); await i.decode(); " +
            'return [i.naturalWidth, i.naturalHeight]; })()',
        );
      };
      expect(await size(SAMPLE_JPEG)).toEqual([48, 64]);
      // orientation 6 (rotate 90°) is applied by the browser: width and height swap
      expect(await size(stripped)).toEqual([64, 48]);
    } finally {
      await b.close();
    }
  });
});

describe('stripJpegMetadata: colour segments without free text', () => {
  /** An APP2 ICC_PROFILE segment holding a small profile with a 'desc' and an 'mluc' copyright tag. */
  function iccSegment(): { segment: Buffer; profile: Buffer } {
    const desc = Buffer.alloc(12 + 20);
    desc.write('desc', 0, 'latin1');
    desc.writeUInt32BE(14, 8);
    desc.write('Secret Studio\0', 12, 'latin1');
    const copyright = Buffer.from('Ana Secret', 'utf16le').swap16(); // UTF-16BE
    const mluc = Buffer.alloc(16 + 12 + copyright.length);
    mluc.write('mluc', 0, 'latin1');
    mluc.writeUInt32BE(1, 8);
    mluc.writeUInt32BE(12, 12);
    mluc.write('enUS', 16, 'latin1');
    mluc.writeUInt32BE(copyright.length, 20);
    mluc.writeUInt32BE(28, 24);
    copyright.copy(mluc, 28);
    const rXYZ = Buffer.from('XYZ \0\0\0\0\0\0\x6f\xa2\0\0\x38\xf5\0\0\x03\x90', 'latin1');
    const tags = [
      ['desc', desc],
      ['cprt', mluc],
      ['rXYZ', rXYZ],
    ] as const;
    const header = Buffer.alloc(128 + 4 + tags.length * 12);
    header.write('acsp', 36, 'latin1');
    header.fill(0xab, 84, 100); // a profile ID
    header.writeUInt32BE(tags.length, 128);
    let offset = header.length;
    tags.forEach(([sig, data], n) => {
      header.write(sig, 132 + n * 12, 'latin1');
      header.writeUInt32BE(offset, 132 + n * 12 + 4);
      header.writeUInt32BE(data.length, 132 + n * 12 + 8);
      offset += data.length;
    });
    const profile = Buffer.concat([header, ...tags.map(([, d]) => d)]);
    profile.writeUInt32BE(profile.length, 0);
    const payload = Buffer.concat([Buffer.from('ICC_PROFILE\0\x01\x01', 'latin1'), profile]);
    const head = Buffer.from([0xff, 0xe2, 0, 0]);
    head.writeUInt16BE(payload.length + 2, 2);
    return { segment: Buffer.concat([head, payload]), profile };
  }

  it('keeps the ICC profile and its colour data, blanks its text and ID; cuts the Adobe segment to 12 bytes', () => {
    const { segment, profile } = iccSegment();
    const adobe = Buffer.concat([
      Buffer.from([0xff, 0xee, 0, 2 + 12 + 15]),
      Buffer.from('Adobe\0\x64\0\0\0\0\x01', 'latin1'),
      Buffer.from('Secret comment!', 'latin1'),
    ]);
    const out = stripJpegMetadata(
      Buffer.concat([SAMPLE_JPEG.subarray(0, 20), segment, adobe, SAMPLE_JPEG.subarray(20)]),
    ).toString('latin1');
    for (const secret of ['Secret Studio', 'Ana Secret', 'A\0n\0a', '\0A\0n\0a', 'Secret comment'])
      expect(out).not.toContain(secret);
    expect(out).toContain('ICC_PROFILE');
    expect(out).toContain('\xff\xee\x00\x0eAdobe\x00\x64\x00\x00\x00\x00\x01\xff');
    // the colour tag is as it was, the profile keeps its length
    const kept = out.indexOf('XYZ ');
    expect(out.slice(kept, kept + 20)).toBe(profile.subarray(profile.length - 20).toString('latin1'));
    const at = out.indexOf('ICC_PROFILE') + 14;
    expect(Buffer.from(out.slice(at + 84, at + 100), 'latin1').equals(Buffer.alloc(16))).toBe(true);
  });
});
