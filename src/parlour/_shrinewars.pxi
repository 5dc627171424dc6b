# Binding of the shrinewars part of the C core (included by _core.pyx).
