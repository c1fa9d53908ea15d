"""How a picture looks to other eyes: in greyscale (a black-and-white printer or photocopy),
and to a deuteranope or a protanope (no working green or red cones), pure Python over Pillow's
pixel bytes.

The colour-vision deficiencies use Machado, Oliveira and Fernandes, "A Physiologically-based
Model for Simulation of Color Vision Deficiency" (IEEE TVCG 15(6), 2009), at severity 1.0 (the
full dichromacy): a 3x3 matrix on linear RGB, between sRGB's transfer curves. Greyscale is
Pillow's own "L" conversion (ITU-R 601-2 luma), as a greyscale print would be made.
"""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image

RGB = tuple[int, int, int]

#: Machado et al. 2009, severity 1.0, on linear RGB.
MACHADO = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
}


def _to_linear(v: int) -> float:
    c = v / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


_LINEAR = [_to_linear(v) for v in range(256)]


def _to_srgb(c: float) -> int:
    c = min(max(c, 0.0), 1.0)
    v = 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055
    return round(v * 255)


def dichromat(kind: str) -> Callable[[RGB], RGB]:
    """The colour a ``kind`` ("protanopia" or "deuteranopia") dichromat sees for ``rgb``."""
    m = MACHADO[kind]

    def see(rgb: RGB) -> RGB:
        r, g, b = (_LINEAR[v] for v in rgb)
        return (
            _to_srgb(m[0][0] * r + m[0][1] * g + m[0][2] * b),
            _to_srgb(m[1][0] * r + m[1][1] * g + m[1][2] * b),
            _to_srgb(m[2][0] * r + m[2][1] * g + m[2][2] * b),
        )

    return see


def grey(rgb: RGB) -> RGB:
    """Pillow's "L" (ITU-R 601-2 luma), as grey RGB."""
    r, g, b = rgb
    v = (r * 299 + g * 587 + b * 114) // 1000
    return (v, v, v)


#: Each way of seeing a print, by name.
VISIONS: dict[str, Callable[[RGB], RGB]] = {
    "greyscale": grey,
    "deuteranopia": dichromat("deuteranopia"),
    "protanopia": dichromat("protanopia"),
}


def seen(image: Image.Image, vision: str) -> Image.Image:
    """``image`` (RGB) as ``vision`` sees it; each distinct colour is worked out once."""
    see = VISIONS[vision]
    cache: dict[RGB, RGB] = {}
    data = image.convert("RGB").tobytes()
    out = bytearray(len(data))
    for i in range(0, len(data), 3):
        rgb = (data[i], data[i + 1], data[i + 2])
        got = cache.get(rgb)
        if got is None:
            got = cache[rgb] = see(rgb)
        out[i : i + 3] = bytes(got)
    return Image.frombytes("RGB", image.size, bytes(out))
