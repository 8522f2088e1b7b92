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
