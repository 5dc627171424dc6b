"""The messages of argument checks that the binding and its twin both make.

Status codes of the C core have their texts in ``csrc/common_codes.def``;
these are the checks done in Python or Cython before the C core is called
(types, shapes, lengths), written once so that both backends say the same.
Each is a ``str.format`` template.

>>> NOT_AN_INT.format(name="bonus_a", kind="bool")
'bonus_a must be an int, not bool'
"""

from __future__ import annotations

NOT_AN_INT = "{name} must be an int, not {kind}"

# Counts of a hand given as a bytes-like sequence.
COUNTS_GIVEN_AN_INT = "{name} must be {what}, not the int {value!r}"
COUNTS_UNREADABLE = "{name} must be {what}: {exc}"
COUNTS_LENGTH = "{name} must hold {n} counts, not {got}"

# Batch arrays.
ARRAY_NOT_1D = "{name} must be one-dimensional, not of shape {shape}"
ARRAY_NOT_INTEGERS = "{name} must hold integers, not {dtype}"
ARRAY_LENGTH = "{name} has {got} entries, expected {n}"
ARRAY_RANGE = "{name} must fit in {dtype}"
CARDS_NONE = "{name} must be a sequence of card indices, not None"
BATCH_COUNTS_TYPE = "counts must be a numpy array of dtype uint8 and shape (N, {kinds})"
BATCH_COUNTS_SHAPE = "counts must have shape (N, {kinds}), not {shape}"
BATCH_CONTIGUOUS = "counts must be C-contiguous (use numpy.ascontiguousarray)"
BATCH_EXPOSED_TYPE = "exposed_cards must be a numpy array of dtype uint8"
BATCH_EXPOSED_SHAPE = "exposed_cards must have shape ({n},), C-contiguous"

# Shrine Wars card masks.
CARD_MASK = "a card mask is an int with bits 0..35 only, not {mask!r}"
MASKS_ARRAY = "masks must be a 1-D numpy array of dtype uint64"
