// A combinational circuit with a port for each bit of a bus, escaped as
// the EPFL circuits write them (logikbench's epfl, issue 55): the check's
// testbench must escape them too to certify a difference.
module bit_ports(\a[0] , \a[1] , \b[0] , \b[1] , \y[0] , \y[1] );
  input \a[0] , \a[1] , \b[0] , \b[1] ;
  output \y[0] , \y[1] ;
  assign \y[0] = \a[0] & \b[0] ;
  assign \y[1] = \a[1] ^ \b[1] ;
endmodule
