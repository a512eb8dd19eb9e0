#!/usr/bin/env python3
"""Writes the image files the Imaging tests and the avatar browser test read
(Tests/ImagingTests/Fixtures/), made here with Pillow: small pictures that carry
the metadata a phone writes — EXIF with a GPS position and an orientation, XMP,
text chunks and comments — so the tests can check none of it survives.

    python3 scripts/data/make-image-fixtures.py

Our own drawings; no outside data.
"""
from io import BytesIO
from pathlib import Path

from PIL import Image, PngImagePlugin

OUT = Path(__file__).resolve().parents[2] / "Tests/ImagingTests/Fixtures"
SECRET = "37.5665N 126.9780E secret"
XMP = ('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/'
       f'22-rdf-syntax-ns#"><rdf:Description>{SECRET}</rdf:Description></rdf:RDF></x:xmpmeta>')


def picture(width, height, alpha=False):
    mode = "RGBA" if alpha else "RGB"
    image = Image.new(mode, (width, height))
    for y in range(height):
        for x in range(width):
            pixel = (x * 255 // width, y * 255 // height, 96)
            image.putpixel((x, y), pixel + ((255 if x < width // 2 else 128),) if alpha else pixel)
    return image


def exif(orientation=1):
    data = Image.Exif()
    data[0x0112] = orientation  # Orientation
    data[0x010F] = "MaeilPhone"  # Make
    data[0x0131] = SECRET  # Software: a string to look for
    gps = {1: "N", 2: (37.0, 33.0, 59.0), 3: "E", 4: (126.0, 58.0, 40.0)}
    data[0x8825] = gps  # GPS IFD
    return data


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    info = PngImagePlugin.PngInfo()
    info.add_text("Comment", SECRET)
    info.add_itxt("Location", SECRET)
    picture(40, 30, alpha=True).save(OUT / "photo.png", pnginfo=info, exif=exif())
    picture(48, 32).save(OUT / "photo.jpg", quality=90, exif=exif(orientation=6),
                         comment=SECRET.encode())
    picture(36, 24).save(OUT / "progressive.jpg", quality=85, progressive=True, exif=exif())
    picture(44, 28, alpha=True).save(OUT / "photo.webp", quality=90, exif=exif(), xmp=XMP.encode())
    picture(20, 20).save(OUT / "lossless.webp", lossless=True)
    picture(32, 16).save(OUT / "lossy.webp", quality=80)
    big = BytesIO()
    picture(2049, 8).save(big, "PNG")
    (OUT / "too-wide.png").write_bytes(big.getvalue())
    for path in sorted(OUT.iterdir()):
        print(path.name, path.stat().st_size)


if __name__ == "__main__":
    main()
