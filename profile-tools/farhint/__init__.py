"""farhint: profile where a program faults on far memory, suggest and inject hints."""

__version__ = "0.1.0"
