"""The one quantile rule of the sampling-error scripts (sampling-error-chart.py, sampler-accuracy.py)."""


def quantile(values, q):
    """The q-quantile of values, interpolated linearly between the two nearest order statistics; nan when empty."""
    v = sorted(values)
    if not v:
        return float("nan")
    pos = q * (len(v) - 1)
    lo = int(pos)
    hi = min(len(v) - 1, lo + 1)
    return v[lo] + (pos - lo) * (v[hi] - v[lo])
