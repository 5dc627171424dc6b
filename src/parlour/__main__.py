"""``python -m parlour`` runs the ``parlour`` command."""

from parlour.cli import main

raise SystemExit(main())
