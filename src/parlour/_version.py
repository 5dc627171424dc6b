"""The one version number of the package; the build reads it from here."""

__version__ = "0.1.0"
