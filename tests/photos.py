"""Photos made for tests with Pillow: no real person's photo goes into the repository.

`noisy_photo` is a camera-sized JPEG whose noise keeps it big (an 8.9 MB, 2,400-pixel avatar
is issue 28's example); `phone_photo` carries what a phone writes: a GPS position, the
camera's make, an orientation (6: turned a quarter), XMP and a colour profile.
"""

from __future__ import annotations

import io

from PIL import Image, ImageChops, ImageCms

GPS_IFD = 0x8825
ORIENTATION = 0x0112
MAKE = 0x010F


def noisy_photo(width: int = 2400, height: int = 2400, sigma: float = 36) -> bytes:
    """A photo-like JPEG: smooth gradients under strong per-channel noise, saved at
    quality 96 with full colour resolution (2,400 × 2,400: about 8.9 MB)."""
    smooth = Image.merge(
        "RGB",
        (
            Image.linear_gradient("L").resize((width, height)),
            Image.linear_gradient("L").rotate(90).resize((width, height)),
            Image.radial_gradient("L").resize((width, height)),
        ),
    )
    noise = Image.merge("RGB", [Image.effect_noise((width, height), sigma) for _ in range(3)])
    out = io.BytesIO()
    ImageChops.blend(smooth, noise, 0.5).save(out, "JPEG", quality=96, subsampling=0)
    return out.getvalue()


def phone_photo(width: int = 400, height: int = 300, fmt: str = "JPEG") -> bytes:
    """A `width` × `height` JPEG as stored (shown turned: `height` × `width`), with GPS."""
    image = Image.new("RGB", (width, height), (200, 40, 40))
    image.paste((40, 40, 200), (0, 0, width // 2, height))  # the left half blue, as stored
    exif = Image.Exif()
    exif[MAKE] = "TestPhone"
    exif[ORIENTATION] = 6
    exif[GPS_IFD] = {1: "N", 2: (48.0, 51.0, 24.0), 3: "E", 4: (2.0, 21.0, 3.0)}
    icc = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    xmp = b'<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF/></x:xmpmeta>'
    out = io.BytesIO()
    image.save(out, fmt, exif=exif.tobytes(), icc_profile=icc, xmp=xmp, quality=90)
    return out.getvalue()
